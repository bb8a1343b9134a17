/** The landing page's copy: the seven sections' words, in order. */
export const SOLUTIONS = [
  {
    title: 'Voice-Powered Lead Agents',
    text: 'Call every new lead within seconds, ask the right questions, and pass only qualified prospects to your sales team.',
  },
  {
    title: 'Seamless Appointment Scheduling',
    text: 'Book, move and confirm appointments over the phone or WhatsApp, straight into your calendar, without a receptionist on hold.',
  },
  {
    title: 'Custom AI Workflows',
    text: 'Connect your CRM, telephony and messaging so the agent updates records, sends follow-ups and hands over to a person when it matters.',
  },
] as const;

export const BENEFITS = [
  { title: 'Always on', text: 'Every call answered at 3 a.m. and on public holidays, with no queue and no voicemail.' },
  {
    title: 'Speaks their language',
    text: 'Natural conversations in English, Hindi and regional languages, with the accent your customers expect.',
  },
  {
    title: 'Fits your stack',
    text: 'Works with the CRM, phone numbers and WhatsApp Business account you already have.',
  },
  {
    title: 'Live in days',
    text: 'We tailor the agent to your scripts and data, then launch it in days rather than months.',
  },
  {
    title: 'Private by design',
    text: 'Encrypted data, consent built into every flow, and compliance with GDPR and India’s DPDP Act.',
  },
] as const;

/** The results shown: 40+ hours saved weekly, 25% higher lead conversion, zero missed opportunities. */
export const STATS = [
  { value: '40+', label: 'hours saved weekly' },
  { value: '25%', label: 'higher lead conversion' },
  { value: 'Zero', label: 'missed opportunities' },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'Our front desk used to miss a third of calls during clinic hours. Now every patient gets an answer and a slot, and our staff finally have time for the people in the room.',
    author: 'Dr. Meera Iyer',
    company: 'Sunrise Dental Clinics',
  },
  {
    quote:
      'The agent calls every enquiry within a minute and asks the questions my team used to. We close more deals with the same people.',
    author: 'Rohan Kapoor',
    company: 'Skyline Realty',
  },
  {
    quote:
      'Support in Hindi, Tamil and English from one agent, around the clock. Our satisfaction scores went up in the first month.',
    author: 'Ananya Sharma',
    company: 'Kirana Express',
  },
] as const;

export const STEPS = [
  {
    title: 'Pick a solution',
    text: 'Choose the agent that fits: lead calls, scheduling, support or a workflow of your own.',
  },
  {
    title: 'Tailor and integrate',
    text: 'We shape its voice, scripts and knowledge, and connect it to your CRM, phone numbers and WhatsApp.',
  },
  {
    title: 'Relax and grow',
    text: 'Your agent takes the calls while you watch the results on your dashboard and focus on growth.',
  },
] as const;
