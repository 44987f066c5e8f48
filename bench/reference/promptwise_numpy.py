"""The bench's numpy reference for PromptWise (issue 11's yardstick), written the straightforward numpy way: one
trial of Algorithm 1 — per pull, warm-started Newton on the arm's penalised logistic MLE over all its
observations (dense Hessian, numpy.linalg.solve) to ||grad|| <= 1e-8 (1 + n), V^-1 by Sherman-Morrison, one forced
pull per arm on the first K prompts, then Proposition 1 on q-hat = sigmoid(x'theta + alpha ||x||_{V^-1}).

It replays the prompts and reward uniforms that bench/engine.bench.ts wrote from the engine's own trial (JSON:
contexts, q, costs, uniforms, lambda, tau_max, ridge, alpha), so both make the same decisions up to rounding and
the times compare the same work; it prints "seconds utility numpy-VERSION BLAS". Run it single-threaded
(OPENBLAS_NUM_THREADS=1, as the bench does) with a numpy on an optimised BLAS: Debian's python3-numpy uses the
reference BLAS and is several times slower (the bench runs `python3` from PATH, or $BENCH_PYTHON).

usage: python3 promptwise_numpy.py TRIAL.json
"""
import json
import sys
import time

import numpy as np

trial = json.load(open(sys.argv[1]))
xs = np.array(trial["contexts"])
qs = np.array(trial["q"])
costs = np.array(trial["costs"])
u = np.array(trial["uniforms"])
lam, tau, ridge, alpha = trial["lambda"], trial["tauMax"], trial["ridge"], trial["alpha"]
T, d = xs.shape
K = len(costs)


def sigmoid(z):
    return 0.5 * (1 + np.tanh(0.5 * z))


X = [np.empty((0, d)) for _ in range(K)]
Y = [np.empty(0) for _ in range(K)]
theta = [np.zeros(d) for _ in range(K)]
vinv = [np.eye(d) / ridge for _ in range(K)]


def loss(x, y, th):
    z = x @ th
    return 0.5 * ridge * th @ th + np.sum(np.logaddexp(0, z) - y * z)


def fit(a):
    x, y, th = X[a], Y[a], theta[a]
    for _ in range(100):
        p = sigmoid(x @ th)
        g = ridge * th + x.T @ (p - y)
        if np.linalg.norm(g) <= 1e-8 * (1 + len(y)):
            break
        h = ridge * np.eye(d) + (x * (p * (1 - p))[:, None]).T @ x
        step = np.linalg.solve(h, g)
        # Backtracking on the loss: full Newton steps can overshoot on nearly separable data.
        before, t = loss(x, y, th), 1.0
        while t > 1e-10 and loss(x, y, th - t * step) > before:
            t /= 2
        th = th - t * step
    theta[a] = th


start = time.perf_counter()
utility = 0.0
for t in range(T):
    x = xs[t]
    pulls = [0] * K
    cost, success = 0.0, 0
    for k in range(tau):
        if t < K:
            arm = t  # forced exploration: one query per prompt, then the next prompt
        else:
            qhat = np.array([sigmoid(x @ theta[a] + alpha * np.sqrt(max(0.0, x @ vinv[a] @ x))) for a in range(K)])
            if np.max(qhat - lam * costs) <= 0:
                break
            arm = int(np.argmin(costs / qhat))
        r = 1.0 if u[(t * K + arm) * tau + pulls[arm]] < qs[t][arm] else 0.0
        pulls[arm] += 1
        cost += costs[arm]
        X[arm] = np.vstack([X[arm], x])
        Y[arm] = np.append(Y[arm], r)
        vx = vinv[arm] @ x
        vinv[arm] -= np.outer(vx, vx) / (1 + x @ vx)
        fit(arm)
        if r == 1:
            success = 1
            break
        if t < K:
            break
    utility += success - lam * cost
try:
    blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]["name"]
except Exception:  # older numpy: no dict form of the build configuration
    blas = "unknown-blas"
print(f"{time.perf_counter() - start:.3f} {utility / T:.4f} numpy-{np.__version__} {blas}")
