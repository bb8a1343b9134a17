import { LegalPage } from '../components/LegalPage';
import { config } from '../config';

const brand = config.brand.name;

export default function Terms() {
  return (
    <LegalPage
      title="Terms and Conditions"
      updated="1 November 2026"
      sections={[
        {
          title: 'Services Offered',
          body: (
            <p>
              {brand}, a product of {config.brand.parent}, provides AI voice and chat agents: voice lead agents,
              appointment scheduling, customer support, custom AI workflows and WhatsApp automation, together with the
              dashboard used to configure them. Features may differ by plan.
            </p>
          ),
        },
        {
          title: 'Data Privacy and Security',
          body: (
            <p>
              We process personal data as described in our Privacy Policy. We protect it with encryption in transit and
              at rest and with access controls, and we process call and message content only to deliver the services you
              configure.
            </p>
          ),
        },
        {
          title: 'User Responsibilities',
          body: (
            <p>
              You are responsible for the accuracy of the information you provide, for obtaining any consent required
              before our agents contact people on your behalf, and for using the services lawfully, including
              telemarketing and messaging rules that apply to you.
            </p>
          ),
        },
        {
          title: 'Intellectual Property',
          body: (
            <p>
              The services, software, models and content we provide remain the property of {config.brand.parent} and its
              licensors. You keep all rights to your own data, scripts and content, and grant us a licence to use them
              only to provide the services.
            </p>
          ),
        },
        {
          title: 'Subscription and Billing',
          body: (
            <p>
              Subscriptions are billed monthly or annually, depending on your plan. Fees are charged in advance for each
              billing cycle. We do not give refunds for unused time in a billing cycle unless stated otherwise in your
              plan.
            </p>
          ),
        },
        {
          title: 'Liability',
          body: (
            <p>
              The services are provided with reasonable care and skill, but AI agents can make mistakes. To the extent
              permitted by law, our total liability is limited to the fees you paid in the twelve months before the
              claim, and we are not liable for indirect or consequential loss.
            </p>
          ),
        },
        {
          title: 'Termination',
          body: (
            <p>
              You may cancel at any time; your plan stays active until the end of the paid billing cycle. We may suspend
              or end accounts that breach these terms. On request, we will export your data before it is deleted.
            </p>
          ),
        },
        {
          title: 'Changes to Terms',
          body: (
            <p>
              We may update these terms. We will tell you about material changes by e-mail or in the dashboard before
              they take effect; continuing to use the services after that means you accept them.
            </p>
          ),
        },
      ]}
    />
  );
}
