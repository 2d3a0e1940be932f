import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Loading, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatDisplayDate } from '../../formatting/dates';
import { formatNaira } from '../../formatting/money';
import { downloadFile } from '../../httpClient/downloadFile';
import { useNotifyError } from '../../httpClient/useNotifyError';
import { Page, PageHeading } from '../../layout/Page';
import type { Invoice } from './types';

const InvoicePreview = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
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
              <TableCell>{formatDisplayDate(line.date)}</TableCell>
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
    </CardContent>
  );
};

/**
 * transactions/invoice (company): pick a month, see its invoice (company details, one line per
 * charge or refund, subtotal, VAT, total) and download it as the server's PDF.
 */
export const InvoicePage = () => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.money.invoice.${key}`);
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const [month, setMonth] = useState(() => format(new Date(), 'yyyy-MM'));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const invoice = useQuery({
    queryKey: ['transactions', 'invoice', month],
    queryFn: () => dataProvider.getInvoice(month),
    enabled: valid,
  });
  const pdf = useMutation({
    mutationFn: () => dataProvider.getInvoicePdf(month),
    onSuccess: (blob) => downloadFile(blob, `invoice-${month}.pdf`),
    onError: notifyError,
  });
  return (
    <Page title="app.money.invoice_title" maxWidth={960}>
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
            onClick={() => pdf.mutate()}
          >
            {t('download')}
          </Button>
        </CardActions>
      </Card>
    </Page>
  );
};
