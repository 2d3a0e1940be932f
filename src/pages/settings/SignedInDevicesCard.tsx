import DevicesIcon from '@mui/icons-material/Devices';
import {
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDateTime, formatRelative } from '../../formatting/dates';
import { useNotifyError } from '../../httpClient/useNotifyError';
import type { Session } from './sessionsApi';

const sessionsKey = ['auth', 'sessions'];

/**
 * Settings → Signed-in devices: where the user is signed in (device, address, first and last
 * use), with a button to sign out each other device and one to sign out all of them.
 */
export const SignedInDevicesCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: () => dataProvider.listSessions() });
  const onSuccess = (message: string) => () => {
    notify(message, { type: 'success' });
    return queryClient.invalidateQueries({ queryKey: sessionsKey });
  };
  const endOne = useMutation({
    mutationFn: (id: string) => dataProvider.endSession(id),
    onSuccess: onSuccess('app.sessions.ended'),
    onError: notifyError,
  });
  const endOthers = useMutation({
    mutationFn: () => dataProvider.endOtherSessions(),
    onSuccess: onSuccess('app.sessions.others_ended'),
    onError: notifyError,
  });
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Card sx={{ width: '100%' }}>
      <CardHeader
        avatar={<DevicesIcon color="primary" />}
        title={translate('app.sessions.title')}
        // MUI 9 takes the title's Typography props as a slot only (titleTypographyProps is gone).
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {sessions.isError ? (
          <Typography color="error">{translate('app.sessions.load_failed')}</Typography>
        ) : null}
        <List dense disablePadding aria-label={translate('app.sessions.title')}>
          {list.map((s) => (
            <SessionItem
              key={s.id}
              session={s}
              ending={endOne.isPending && endOne.variables === s.id}
              onEnd={() => endOne.mutate(s.id)}
            />
          ))}
        </List>
      </CardContent>
      <CardActions>
        <Button disabled={others === 0 || endOthers.isPending} onClick={() => endOthers.mutate()}>
          {translate('app.sessions.end_others')}
        </Button>
      </CardActions>
    </Card>
  );
};

const SessionItem = ({
  session,
  ending,
  onEnd,
}: {
  session: Session;
  ending: boolean;
  onEnd: () => void;
}) => {
  const translate = useTranslate();
  return (
    <ListItem
      disableGutters
      secondaryAction={
        session.current ? (
          <Chip size="small" color="primary" label={translate('app.sessions.this_device')} />
        ) : (
          <Button
            size="small"
            disabled={ending}
            onClick={onEnd}
            aria-label={translate('app.sessions.end_label', { device: session.device })}
          >
            {translate('app.sessions.end')}
          </Button>
        )
      }
    >
      <ListItemText
        primary={session.device}
        secondary={
          <>
            {session.ip ?? translate('app.sessions.unknown_address')}
            {session.created_ip && session.created_ip !== session.ip
              ? ` · ${translate('app.sessions.signed_in_from', { ip: session.created_ip })}`
              : null}
            <br />
            <span title={formatDisplayDateTime(session.created_at)}>
              {translate('app.sessions.first_used', { date: formatRelative(session.created_at) })}
            </span>
            <br />
            <span title={formatDisplayDateTime(session.last_used_at)}>
              {translate('app.sessions.last_used', { date: formatRelative(session.last_used_at) })}
            </span>
          </>
        }
      />
    </ListItem>
  );
};
