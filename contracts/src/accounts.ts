import { z } from 'zod';
import { textField } from './text.ts';

const trimmed = (min: number, max: number, label: string) =>
  textField(label)
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailSchema = textField('Email')
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const passwordSchema = textField('Password')
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters');

export const fullNameSchema = trimmed(2, 80, 'Full name');

/**
 * Indian mobile number: 10 digits starting 6-9, optionally written with +91, 91 or 0 in front,
 * spaces or dashes. Stored normalised as the 10 bare digits.
 */
export const mobileSchema = z
  .union([textField('Mobile number'), z.number()], { error: 'Mobile number is required' })
  .transform((v) => String(v).replace(/[\s-]/g, ''))
  .refine((v) => /^(?:\+91|91|0)?[6-9]\d{9}$/.test(v), 'Please enter a valid 10-digit Indian mobile number')
  .transform((v) => v.slice(-10));

/** Six-digit Indian PIN code that does not start with 0. */
export const postalCodeSchema = z
  .union([textField('PIN code'), z.number()], { error: 'PIN code is required' })
  .transform((v) => String(v).trim())
  .refine((v) => /^[1-9]\d{5}$/.test(v), 'Please enter a valid 6-digit PIN code');

export const addressSchema = trimmed(1, 300, 'Address');
export const citySchema = trimmed(1, 80, 'City');
export const stateSchema = trimmed(1, 80, 'State');

export const userRegisterSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
  mobile: mobileSchema,
  address: addressSchema,
  city: citySchema,
  state: stateSchema,
  postalCode: postalCodeSchema,
});
export type UserRegisterInput = z.input<typeof userRegisterSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: textField('Password').min(1, 'Password is required').max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

/** SPEC §7 sends fullName, email, mobile, address, state; city and postalCode are accepted too. */
export const userUpdateProfileSchema = z.object({
  fullName: fullNameSchema.optional(),
  email: emailSchema.optional(),
  mobile: mobileSchema.optional(),
  address: addressSchema.optional(),
  city: citySchema.optional(),
  state: stateSchema.optional(),
  postalCode: postalCodeSchema.optional(),
});
export type UserUpdateProfileInput = z.input<typeof userUpdateProfileSchema>;

export const sellerRegisterSchema = z.object({
  fullName: fullNameSchema,
  companyName: trimmed(1, 120, 'Company name'),
  email: emailSchema,
  password: passwordSchema,
  mobile: mobileSchema,
  companyAddress: trimmed(1, 300, 'Company address'),
});
export type SellerRegisterInput = z.input<typeof sellerRegisterSchema>;

/** A user as every endpoint returns it: never a password hash. */
export interface UserProfile {
  _id: string;
  fullName: string;
  email: string;
  mobile: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  date: string;
}

export interface SellerProfile {
  _id: string;
  fullName: string;
  email: string;
  mobile: string;
  companyName: string;
  companyAddress: string;
  status: 'active' | 'suspended';
  date: string;
}

export interface UserAuthAnswer {
  success: true;
  authToken: string;
  userFullName: string;
}
export interface SellerAuthAnswer {
  success: true;
  authToken: string;
  sellerFullName: string;
}
export interface AdminAuthAnswer {
  success: true;
  authToken: string;
  adminFullName: string;
}
