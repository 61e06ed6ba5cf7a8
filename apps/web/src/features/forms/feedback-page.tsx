import {
  charCount,
  type FeedbackFormInput,
  type FeedbackFormValues,
  feedbackCategories,
  feedbackCategoryLabels,
  feedbackFormDefaults,
  feedbackFormSchema,
  feedbackMessages,
  formLimits,
} from '@bahi/contracts/forms';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { LoginButton } from '../auth/components/login-button.tsx';
import { useSession } from '../session/use-session.ts';
import { postFeedback } from './api/post-feedback.ts';
import { genericFailure } from './api/post-form.ts';
import { SelectField, TextAreaField } from './components/fields.tsx';
import { IntakeForm, IntakePage } from './components/intake-form.tsx';
import { useIntakeForm } from './use-intake-form.ts';
import './forms.css';

const categoryOptions = feedbackCategories.map((value) => ({ value, label: feedbackCategoryLabels[value] }));

/** /feedback: signed-in users only (SPEC §2, §4, §5). */
export function FeedbackPage() {
  const { signedIn } = useSession();
  if (!signedIn) {
    return (
      <section className="message-page">
        <h1>Feedback</h1>
        <p className="lead">{feedbackMessages.signedOut}</p>
        <div className="actions">
          <LoginButton next={() => '/feedback'} />
        </div>
      </section>
    );
  }
  return <FeedbackForm />;
}

function FeedbackForm() {
  const [sent, setSent] = useState(false);
  const intake = useIntakeForm<FeedbackFormInput, FeedbackFormValues>({
    form: 'feedback',
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: feedbackFormDefaults,
    order: ['category', 'description'],
    send: postFeedback,
    onSent: () => setSent(true),
    describeFailure: (message) =>
      message === genericFailure
        ? 'Your feedback could not be sent. Nothing was lost: please try again.'
        : `Your feedback could not be sent: ${message}`,
  });
  const { field, control } = intake;
  const message = useWatch({ control, name: 'description' }) ?? '';
  const used = charCount(message);
  const over = used > formLimits.feedbackMax;

  if (sent) {
    return (
      <section className="message-page" data-tone="success">
        <h1>Feedback</h1>
        <p className="lead" role="status">
          {feedbackMessages.thanks}
        </p>
      </section>
    );
  }

  return (
    <IntakePage title="Feedback" lead="Tell us what works, what does not, and what you would like next.">
      <IntakeForm intake={intake} heading="Feedback" submit={['Send Feedback', 'Sending...']}>
        <SelectField
          label="Category"
          placeholder="Choose a category"
          options={categoryOptions}
          {...field('category')}
        />
        <TextAreaField
          label="Message"
          rows={7}
          hint={
            <span className="char-counter" data-over={over ? 'true' : undefined} aria-live="polite">
              {used}/{formLimits.feedbackMax} characters
            </span>
          }
          {...field('description')}
        />
      </IntakeForm>
    </IntakePage>
  );
}
