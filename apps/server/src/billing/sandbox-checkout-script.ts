/**
 * The sandbox checkout, served as /sandbox/checkout.js. It defines `window.Razorpay` with the
 * part of the real checkout's interface the site uses (`new Razorpay(options)`, `on`, `open`) and
 * shows the amount with Pay, Fail and Close. Pay returns the signed result to `options.handler`;
 * Fail emits `payment.failed`; Close calls `options.modal.ondismiss`.
 */
export const sandboxCheckoutScript = `(() => {
  'use strict';
  const api = '/sandbox/api/subscriptions/';
  function el(tag, props, children) {
    const e = document.createElement(tag);
    Object.assign(e, props || {});
    for (const c of children || []) e.append(c);
    return e;
  }
  function Razorpay(options) {
    if (!options || !options.subscription_id) throw new Error('subscription_id is required');
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
  };
  Razorpay.prototype.emit = function (event, value) {
    for (const fn of this.listeners[event] || []) fn(value);
  };
  Razorpay.prototype.open = async function () {
    const o = this.options;
    const id = encodeURIComponent(o.subscription_id);
    const res = await fetch(api + id);
    if (!res.ok) throw new Error('Sandbox checkout: unknown subscription');
    const view = await res.json();
    const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: view.currency }).format(view.amount);
    const status = el('p', { role: 'status', textContent: '' });
    const close = () => overlay.remove();
    const button = (label, onClick) => {
      const b = el('button', { type: 'button', textContent: label });
      b.style.cssText = 'margin:0 6px;padding:8px 18px;font:inherit;cursor:pointer';
      b.addEventListener('click', onClick);
      return b;
    };
    const post = async (action) => {
      const r = await fetch(api + id + '/' + action, { method: 'POST' });
      if (!r.ok) throw new Error('Sandbox checkout: ' + action + ' failed');
      return r.json();
    };
    const dialog = el('div', { role: 'dialog', ariaModal: 'true', ariaLabel: 'Sandbox checkout' }, [
      el('h2', { textContent: 'Sandbox checkout' }),
      el('p', { textContent: (o.name || 'Bahi') + ': ' + view.planName + ' plan' }),
      el('p', { className: 'sandbox-amount', textContent: 'Amount: ' + amount }),
      el('p', { textContent: 'No money moves: this checkout runs offline for development and tests.' }),
      status,
      el('div', {}, [
        button('Pay', async () => {
          status.textContent = 'Processing...';
          const result = await post('pay');
          close();
          if (o.handler) o.handler(result);
        }),
        button('Fail', async () => {
          status.textContent = 'Processing...';
          const result = await post('fail');
          close();
          this.emit('payment.failed', result);
        }),
        button('Close', () => {
          close();
          if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
        }),
      ]),
    ]);
    dialog.style.cssText =
      'background:#fff;color:#111;max-width:380px;margin:12vh auto;padding:24px;border-radius:8px;text-align:center;font-family:system-ui,sans-serif';
    const overlay = el('div', { id: 'sandbox-checkout' }, [dialog]);
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.55);z-index:2147483647';
    document.body.append(overlay);
  };
  window.Razorpay = Razorpay;
})();
`;
