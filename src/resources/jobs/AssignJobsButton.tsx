import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { Button, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useJobPaths } from './paths';

/** The state the Assign Job screen reads the selected jobs from. */
export interface AssignJobsState {
  jobIds: string[];
}

/** Bulk action: opens the Assign Job screen with the selected jobs. */
export const AssignJobsButton = () => {
  const { selectedIds } = useListContext();
  const navigate = useNavigate();
  const paths = useJobPaths();
  const state: AssignJobsState = { jobIds: selectedIds.map(String) };
  return (
    <Button label="app.jobs.assign" onClick={() => navigate(paths.assign, { state })}>
      <AssignmentIndIcon />
    </Button>
  );
};
