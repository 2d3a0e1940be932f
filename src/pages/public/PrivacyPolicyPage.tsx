import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { formatDisplayDate } from '../../formatting/dates';
import { PublicLayout } from './PublicLayout';

/** Set per deployment (VITE_PRIVACY_CONTACT_EMAIL at build time): the data protection officer's address. */
const contactEmail: string | undefined = import.meta.env.VITE_PRIVACY_CONTACT_EMAIL;
const lastUpdated = '2026-11-22';

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
          'Account data: your name, email address, phone number, company name, and your password, which we keep only as a salted hash; the time and IP address of sign-ins.',
          'Identity data a client company sends us about the person to verify: names, contact details, the type and number of an identity document where the client provides it, and guarantor details.',
          'Address and business data: the address or premises to visit, and the business or product details to check.',
          'Evidence captured by our field agents with the consent of the person visited: a photo of the person (selfie), a photo of the house or premises and a photo of a utility bill.',
          'Location data: the GPS position of the agent’s phone when the photos are submitted, its accuracy, and the time on the device and on our server.',
          'Money data: job charges, wallet funding, refunds and agent payouts, in naira.',
        ]}
      />
    </Section>

    <Section title="Why we use it">
      <List
        items={[
          'To carry out the verifications client companies order, and to show them the result and its evidence (performance of our contract with them; their legal duties, such as know-your-customer and fraud prevention).',
          'To run your account: sign-in, confirmation and password emails, pricing, billing and agent payments (performance of a contract).',
          'To keep the service secure and honest: limiting sign-in attempts, detecting misuse, and keeping a record of who did what on each job (legitimate interests and legal obligations).',
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
          'Verification evidence (photos, GPS position) and results: for the period agreed with the client company, and at most two years after the job is closed, unless a dispute or the law requires longer.',
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
