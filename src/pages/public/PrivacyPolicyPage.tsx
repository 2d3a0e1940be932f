import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { retentionText } from '../../../reference/retention';
import { formatDisplayDate } from '../../formatting/dates';
import { PublicLayout } from './PublicLayout';

/** Set per deployment (VITE_PRIVACY_CONTACT_EMAIL at build time): the data protection officer's address. */
const contactEmail: string | undefined = import.meta.env.VITE_PRIVACY_CONTACT_EMAIL;
const lastUpdated = '2026-11-26';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mt: 3 }}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Box>
);

const P = ({ children }: { children: ReactNode }) => (
  <Typography sx={{ mb: 1 }}>{children}</Typography>
);

const List = ({ items }: { items: ReactNode[] }) => (
  <Box component="ul" sx={{ mt: 0, pl: 3 }}>
    {items.map((item, index) => (
      <Typography component="li" key={index} sx={{ mb: 0.5 }}>
        {item}
      </Typography>
    ))}
  </Box>
);

/** /privacy-policy: what the service collects, why, for how long, and the rights people have. */
export const PrivacyPolicyPage = () => (
  <PublicLayout title="Privacy policy" wide>
    <Typography color="text.secondary">Last updated: {formatDisplayDate(lastUpdated)}</Typography>

    <Section title="Who we are">
      <P>
        This back-office is run by the identity and address verification service named in your
        contract (&ldquo;we&rdquo;). We verify people, addresses, businesses and products in Nigeria
        for client companies. We handle personal data under the Nigeria Data Protection Act 2023
        (NDPA), the Nigeria Data Protection Regulation 2019 (NDPR) where it still applies, and the
        directives of the Nigeria Data Protection Commission (NDPC).
      </P>
      <P>
        For the accounts of this back-office we decide how data is used. For the people and places a
        client company asks us to verify, we work on that company&rsquo;s instructions and under our
        contract with it.
      </P>
    </Section>

    <Section title="What we collect">
      <List
        items={[
          'Account data: your name, email address, phone number, company name, and your password, which we keep only as a salted hash.',
          'Device data: for each sign-in, the browser and device it came from (its User-Agent), the IP address it signed in from and the last one it was used from, and when it was first and last used. You see these under Settings → Signed-in devices and can sign any of them out.',
          'Identity data a client company sends us about the person to verify (the job subject): names, address, phone numbers, the National Identification Number (NIN) or the type and number of another identity document where the client gives it, and guarantor details.',
          'Address and business data: the address or premises to visit, and the business or product details to check.',
          'Capture photos taken by our field agents at the address: a selfie of the agent at the door, a photo of the house or premises and a photo of a utility bill. The capture page tells the agent, before the first photo, what it collects and why.',
          'Location data: the GPS position of the agent’s phone when the photos are taken, its accuracy, and the time on the device and on our server.',
          'Money data: job charges, wallet funding, refunds and agent payouts, in naira.',
        ]}
      />
    </Section>

    <Section title="Why we use it">
      <List
        items={[
          'To carry out the verifications client companies request, and to show them the result and its evidence. The client company decides to verify its customer; we do it for that company. Lawful basis under the Nigeria Data Protection Act 2023 (s. 25): the contract between the client company and the person verified (for example a loan or an account they asked for), the client’s legal obligations (know-your-customer, anti-fraud and anti-money-laundering rules), and the legitimate interest in preventing fraud. Where none of these applies, the client company collects the person’s consent, which they may withdraw.',
          'To run your account: sign-in, confirmation and password emails, pricing, billing and agent payments (performance of a contract).',
          'To keep the service secure and honest: limiting sign-in attempts, showing you where you are signed in, detecting misuse, and keeping a record of who did what on each job (legitimate interests and legal obligations).',
        ]}
      />
      <P>
        We do not sell personal data or use it for advertising. Verification results are reviewed by
        people; we make no decision with legal effect on anyone by automated means alone.
      </P>
    </Section>

    <Section title="Who sees it">
      <P>
        The client company that ordered a verification sees its result and evidence. The agent or
        partner company assigned to a job sees only what the visit needs. Our hosting, storage and
        email providers process data for us under written contracts. We disclose data to authorities
        only when Nigerian law requires it. Data leaves Nigeria only with the safeguards of Part
        VIII of the NDPA.
      </P>
    </Section>

    <Section title="How long we keep it">
      <List
        items={[
          `Job subjects’ details, capture photos and GPS positions: ${retentionText()}, then erased; longer only where a dispute or the law requires it.`,
          'Accounts: while the account is open, then deleted or anonymised, except the financial records that tax and accounting law require us to keep.',
          'Sign-in records: twelve months.',
        ]}
      />
    </Section>

    <Section title="How we protect it">
      <P>
        Connections are encrypted, passwords are hashed, sign-in tokens are short-lived, each user
        sees only what their role allows, and capture links are unguessable and work for one job
        only. If a breach puts personal data at risk we notify the NDPC within 72 hours and tell the
        people affected when the risk to them is high.
      </P>
    </Section>

    <Section title="Your rights">
      <P>
        Under the NDPA you may ask to be informed about, access, correct or delete your personal
        data, to restrict or object to its use, to receive it in a portable form, and to withdraw a
        consent you gave, without affecting what was done before. You may also complain to the
        Nigeria Data Protection Commission (ndpc.gov.ng).
      </P>
      <P>
        To ask for a copy of your data or for its erasure, write to the address below (or ask the
        client company that requested your verification, which passes it on to us). The verification
        provider handles the request: we confirm who you are, then answer, and erase what we are not
        required by law to keep.
      </P>
    </Section>

    <Section title="Contact">
      <P>
        {contactEmail
          ? `Write to our data protection officer at ${contactEmail}.`
          : 'Write to our data protection officer at the address given in your contract or on our website.'}{' '}
        We answer requests within 30 days.
      </P>
    </Section>
  </PublicLayout>
);

PrivacyPolicyPage.path = '/privacy-policy';
