import { contactEmails, legalTerms, siteName } from '@bahi/contracts/site';
import type { LegalSection } from './legal-document.tsx';

export const privacyUpdated = '21 November 2026';

export const privacyIntro = `This policy explains what personal data ${siteName} collects when you use our web site, documentation and financial data API, why we collect it, and the choices you have. We process personal data in line with the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000.`;

export const privacySections: LegalSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: [
      [
        'Account data: your name, email address and profile picture address from the identity provider you sign in with.',
        'Subscription data: your plan, billing cycle, subscription status and dates, and the phone number you give at checkout.',
        'Payment data: payment and subscription identifiers from our payment provider. Card details are entered on the provider’s page; we never receive or store them.',
        'Messages: what you send us through the contact, support and feedback forms.',
        'Usage data: API requests made with your key (time, endpoint, parameters, status, IP address) and basic web server logs.',
      ],
    ],
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: [
      [
        'to create your account and API key, and to authenticate your requests;',
        'to enforce rate limits and plan terms, and to protect the Service from abuse;',
        'to bill you, issue GST invoices and keep the records tax law requires;',
        'to answer your messages and tell you about changes to the Service or these terms;',
        'to understand, in aggregate, how the Service is used and improve it.',
      ],
      'We do not sell your personal data and do not use it for advertising.',
    ],
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    body: [
      'When you sign in we keep your session profile (name, email, plan and tokens) in your browser’s local storage so you stay signed in. Logging out clears it. We use no advertising or third-party tracking cookies. The identity and payment providers may set their own cookies when you use their sign-in or checkout windows.',
    ],
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: [
      'We share personal data only with service providers who process it for us under contract, and only as far as needed:',
      [
        'the identity provider you sign in with, to confirm who you are;',
        'our payment provider, to take and verify payments;',
        'our hosting and email providers, to run the Service and send messages.',
      ],
      'We disclose data to authorities when Indian law requires it.',
    ],
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: [
      'Account data is kept while your account is open and deleted within 90 days after you close it. Billing records are kept for eight years, as Indian tax law requires. API request logs are kept for 180 days.',
    ],
  },
  {
    id: 'security',
    title: 'Security',
    body: [
      'The API and web site are served over HTTPS only. API keys and refresh tokens are stored hashed or encrypted, and access to personal data is limited to the staff who need it.',
    ],
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: [
      `You may ask to see, correct or delete your personal data, withdraw consent, or nominate someone to act for you, by writing to ${contactEmails.privacy}. We answer within 30 days. If you are not satisfied, you may complain to the Data Protection Board of India.`,
    ],
  },
  {
    id: 'age',
    title: 'Age limit',
    body: [
      `The Service is meant for people aged ${legalTerms.minimumAge} or over. We do not knowingly collect data from children; if we learn that we have, we delete it.`,
    ],
  },
  {
    id: 'grievance',
    title: 'Grievance officer',
    body: [
      `Write to our grievance officer at ${contactEmails.privacy} with any complaint about how we handle your data. We acknowledge complaints within 24 hours and resolve them within 15 days.`,
    ],
  },
  {
    id: 'changes',
    title: 'Changes and governing law',
    body: [
      `We will post any change to this policy here with its date, and email you about material changes. This policy is governed by ${legalTerms.governingLaw}, and disputes fall under ${legalTerms.courts}.`,
    ],
  },
];
