import { useState } from 'react';
import { Alert, Card, Stack, Typography } from '@mui/material';
import { useCanAccess, useTranslate } from 'react-admin';
import { TatForm } from './TatForm';
import { TatList } from './TatList';
import type { TatBody, TatRecord } from './types';

/**
 * settings/set-amount (spec §2 "Set Amount screen"): the form of one TAT/price setting above the
 * table of all of them; a row click loads it into the form. Only the provider writes settings
 * (Agent prices only super-admins): company users see the table alone.
 */
export const TatPage = () => {
  const translate = useTranslate();
  const { canAccess: mayWrite } = useCanAccess({ resource: 'tats', action: 'create' });
  const { canAccess: maySetAgentPrice } = useCanAccess({
    resource: 'tats',
    action: 'set_agent_price',
  });
  const [editing, setEditing] = useState<TatRecord | null>(null);
  const [preset, setPreset] = useState<Partial<TatBody> | undefined>();
  // Bumped when a save or Cancel ends an edit: a new form instance starts empty.
  const [formRound, setFormRound] = useState(0);
  const done = () => {
    setEditing(null);
    setPreset(undefined);
    setFormRound((round) => round + 1);
  };
  /** The form, filled, brought into view (on a phone it is a screen above the list). */
  const openForm = (next: { editing: TatRecord | null; preset?: Partial<TatBody> }) => {
    setEditing(next.editing);
    setPreset(next.preset);
    setFormRound((round) => round + 1);
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };
  const mayEdit = (tat: TatRecord) =>
    !!mayWrite && (tat.audience !== 'agent' || !!maySetAgentPrice);

  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
      {mayWrite ? (
        <Card>
          <TatForm
            key={`${editing?.id ?? 'new'}.${formRound}`}
            editing={editing}
            preset={preset}
            onDone={done}
          />
        </Card>
      ) : (
        <Typography variant="h6" component="h2">
          {translate('app.tat.title')}
        </Typography>
      )}
      {mayWrite === false ? <Alert severity="info">{translate('app.tat.read_only')}</Alert> : null}
      <TatList
        onPick={mayWrite ? (tat) => mayEdit(tat) && openForm({ editing: tat }) : undefined}
        onPreset={mayWrite ? (p) => openForm({ editing: null, preset: p }) : undefined}
        selectedId={editing?.id}
      />
    </Stack>
  );
};

TatPage.path = '/settings/set-amount';
