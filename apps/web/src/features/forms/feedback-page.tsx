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
import { type Path, useForm, useWatch } from 'react-hook-form';
import { LoginButton } from '../auth/components/login-button.tsx';
import { useSession } from '../session/use-session.ts';
import { postFeedback } from './api/post-feedback.ts';
import { FormAlert, fieldId, SelectField, TextAreaField } from './components/fields.tsx';
import { applyServerErrors, focusFirstError, useFailureAtTop } from './use-form-errors.ts';
import './forms.css';

const form = 'feedback';
const order: Path<FeedbackFormInput>[] = ['category', 'description'];
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
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = `${form}-alert`;
  useFailureAtTop(failure, alertId);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackFormInput, unknown, FeedbackFormValues>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: feedbackFormDefaults,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const message = useWatch({ control, name: 'description' }) ?? '';
  const used = charCount(message);
  const over = used > formLimits.feedbackMax;

  const onValid = async (values: FeedbackFormValues) => {
    setFailure(null);
    const result = await postFeedback(values);
    if (result.ok) {
      setSent(true);
      return;
    }
    applyServerErrors(setError, result.fieldErrors, (f) =>
      order.includes(f as never) ? (f as Path<FeedbackFormInput>) : null,
    );
    setFailure(
      result.message === 'Something went wrong! Please try again.'
        ? 'Your feedback could not be sent. Nothing was lost: please try again.'
        : `Your feedback could not be sent: ${result.message}`,
    );
  };

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
    <section className="form-page">
      <header className="form-intro">
        <h1>Feedback</h1>
        <p className="lead">Tell us what works, what does not, and what you would like next.</p>
      </header>
      <form
        className="intake-form"
        noValidate
        aria-label="Feedback"
        onSubmit={handleSubmit(onValid, (errs) => focusFirstError(form, order, errs))}
      >
        <FormAlert id={alertId} message={failure} />
        <SelectField
          id={fieldId(form, 'category')}
          label="Category"
          placeholder="Choose a category"
          options={categoryOptions}
          registration={register('category')}
          error={errors.category}
        />
        <TextAreaField
          id={fieldId(form, 'description')}
          label="Message"
          rows={7}
          registration={register('description')}
          error={errors.description}
          hint={
            <span className="char-counter" data-over={over ? 'true' : undefined} aria-live="polite">
              {used}/{formLimits.feedbackMax} characters
            </span>
          }
        />
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Feedback'}
        </button>
      </form>
    </section>
  );
}
