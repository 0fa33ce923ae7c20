import { z } from 'zod';
import { findIndianState } from './india.ts';
import { textField } from './text.ts';

/** A state or union territory by name, any case; answered as the list spells it ('tamil nadu' → 'Tamil Nadu'). */
export const indianStateSchema = textField('State')
  .trim()
  .min(1, 'State is required')
  .transform((v, ctx) => {
    const state = findIndianState(v);
    if (state) return state.name;
    ctx.addIssue({ code: 'custom', message: 'Please choose a state or union territory of India' });
    return z.NEVER;
  });
