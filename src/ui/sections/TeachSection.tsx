import { memo } from 'react';
import { Card } from '../layout/Card';
import { Teach } from '../views/Teach';

export const TeachSection = memo(function TeachSection({ compact }: { compact: boolean }) {
  return (
    <Card title="The ideas in four cards" testId="card-teach">
      <Teach compact={compact} />
    </Card>
  );
});
