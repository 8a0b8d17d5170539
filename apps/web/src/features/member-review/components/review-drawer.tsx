import { Drawer } from '@mantine/core';
import { ReviewList } from './review-list';

export interface ReviewDrawerProps {
  teamUID: string;
  pipelineID: string;
  opened: boolean;
  onClose: () => void;
}

/** The review list in a drawer beside the board. */
export function ReviewDrawer({ teamUID, pipelineID, opened, onClose }: ReviewDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Requests to review">
      {opened && <ReviewList teamUID={teamUID} pipelineID={pipelineID} />}
    </Drawer>
  );
}
