import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { formatCompactDate } from '../../formatting/dates';
import { DateText } from '../../layout/DateText';
import { formatNaira } from '../../formatting/money';
import { downloadFile } from '../../httpClient/downloadFile';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Page, PageHeading } from '../../layout/Page';
import type { Invoice } from './types';

/** The invoice's lines one under another, for a phone: five columns do not fit 390 px. */
const InvoiceLinesStacked = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.invoice.${key}`, options);
  return (
    <List dense aria-label={t('lines')}>
      {invoice.lines.map((line) => (
        <ListItem key={line.reference} divider disableGutters>
          <ListItemText
            primary={line.description}
            secondary={`${formatCompactDate(line.date)} · ${translate(`app.money.kind.${line.kind}`)}`}
          />
          <Typography sx={{ ml: 1, whiteSpace: 'nowrap' }}>{formatNaira(line.amount)}</Typography>
        </ListItem>
      ))}
      {[
        [t('subtotal'), invoice.subtotal],
        [t('vat', { rate: invoice.vat_rate }), invoice.vat],
        [t('total'), invoice.total],
      ].map(([label, value]) => (
        <ListItem key={label} disableGutters>
          <ListItemText primary={label} />
          <Typography sx={{ whiteSpace: 'nowrap' }}>{formatNaira(value as number)}</Typography>
        </ListItem>
      ))}
    </List>
  );
};

const InvoicePreview = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.invoice.${key}`, options);
  const { company } = invoice;
  return (
    <CardContent>
      <Typography variant="h6" component="h2">
        {company.name}
      </Typography>
      {[invoice.number, company.address, company.contact_name, company.email, company.phone]
        .filter(Boolean)
        .map((line) => (
          <Typography key={line} color="text.secondary">
            {line}
          </Typography>
        ))}
      {invoice.lines.length === 0 ? (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {t('empty')}
        </Typography>
      ) : null}
      {isSmall ? (
        <InvoiceLinesStacked invoice={invoice} />
      ) : (
        <Table size="small" aria-label={t('lines')} sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('date')}</TableCell>
              <TableCell>{t('job')}</TableCell>
              <TableCell>{t('kind')}</TableCell>
              <TableCell>{t('description')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line) => (
              <TableRow key={line.reference}>
                <TableCell>
                  <DateText value={line.date} />
                </TableCell>
                <TableCell>{line.job_code}</TableCell>
                <TableCell>{translate(`app.money.kind.${line.kind}`)}</TableCell>
                <TableCell>{line.description}</TableCell>
                <TableCell align="right">{formatNaira(line.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            {[
              [t('subtotal'), invoice.subtotal],
              [t('vat', { rate: invoice.vat_rate }), invoice.vat],
              [t('total'), invoice.total],
            ].map(([label, value]) => (
              <TableRow key={label}>
                <TableCell colSpan={4} align="right">
                  {label}
                </TableCell>
                <TableCell align="right">{formatNaira(value as number)}</TableCell>
              </TableRow>
            ))}
          </TableFooter>
        </Table>
      )}
    </CardContent>
  );
};

/** The months with charges, newest first: each links to its invoice and downloads its PDF. */
const InvoiceMonths = ({
  selected,
  download,
}: {
  selected: string;
  download: (month: string) => void;
}) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.money.invoice.${key}`, options);
  const dataProvider = useDataProvider<AppDataProvider>();
  const months = useQuery({
    queryKey: ['transactions', 'invoices'],
    queryFn: () => dataProvider.getInvoiceMonths(),
  });
  return (
    <Card component="section" aria-labelledby="invoice-months">
      <CardContent>
        <Typography id="invoice-months" variant="h6" component="h2">
          {t('history')}
        </Typography>
        {months.isPending ? (
          <Loading />
        ) : months.error ? (
          <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
        ) : months.data.length === 0 ? (
          <Typography color="text.secondary">{t('no_months')}</Typography>
        ) : (
          <List dense aria-labelledby="invoice-months">
            {months.data.map((m) => (
              <ListItem
                key={m.month}
                disablePadding
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('download_month', { month: m.label })}
                    onClick={() => download(m.month)}
                  >
                    <DownloadIcon />
                  </IconButton>
                }
              >
                <ListItemButton
                  component={Link}
                  to={`?month=${m.month}`}
                  selected={m.month === selected}
                  aria-current={m.month === selected ? 'page' : undefined}
                >
                  <ListItemText
                    primary={m.label}
                    secondary={`${t('jobs', { smart_count: m.jobs })} · ${formatNaira(m.total)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * transactions/invoice (company): the months with charges (each with its total and jobs, a link
 * to its invoice and its PDF), and the chosen month's invoice (company details, one line per
 * charge or refund, subtotal, VAT, total) with its PDF. The month is in the address (`?month=`).
 */
export const InvoicePage = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.money.invoice.${key}`);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? format(new Date(), 'yyyy-MM');
  const setMonth = (value: string) => setParams({ month: value }, { replace: true });
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const invoice = useQuery({
    queryKey: ['transactions', 'invoice', month],
    queryFn: () => dataProvider.getInvoice(month),
    enabled: valid,
  });
  const pdf = useMutation({
    mutationFn: (which: string) => dataProvider.getInvoicePdf(which),
    onSuccess: (blob, which) => downloadFile(blob, `invoice-${which}.pdf`),
    onError: notifyError,
  });
  return (
    <Page title="app.money.invoice_title" maxWidth={960}>
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <PageHeading title="app.money.invoice_title" />
            <TextField
              type="month"
              label={t('month')}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </CardContent>
          {!valid ? null : invoice.isPending ? (
            <Loading />
          ) : invoice.error ? (
            <Alert severity="error">{translate('ra.notification.http_error')}</Alert>
          ) : (
            <InvoicePreview invoice={invoice.data} />
          )}
          <CardActions>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={!valid || pdf.isPending}
              onClick={() => pdf.mutate(month)}
            >
              {t('download')}
            </Button>
          </CardActions>
        </Card>
        <InvoiceMonths selected={month} download={(m) => pdf.mutate(m)} />
      </Stack>
    </Page>
  );
};
