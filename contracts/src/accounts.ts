import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { MOBILE_PATTERN, PIN_CODE_PATTERN, TEXT_LIMITS, type TextLimit } from './form-rules.ts';
import { sellerGstAnswerFields, sellerGstFields, sellerStateAgrees } from './seller-gst.ts';
import { SELLER_STATUSES } from './statuses.ts';
import { textField } from './text.ts';

const trimmed = ({ min, max }: TextLimit, label: string) =>
  textField(label)
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);

export const emailSchema = textField('Email')
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.email.max, 'Email is too long')
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const passwordSchema = textField('Password')
  .min(TEXT_LIMITS.password.min, `Password must be at least ${TEXT_LIMITS.password.min} characters`)
  .max(TEXT_LIMITS.password.max, `Password must be at most ${TEXT_LIMITS.password.max} characters`);

export const fullNameSchema = trimmed(TEXT_LIMITS.fullName, 'Full name');

/**
 * Indian mobile number: 10 digits starting 6-9, optionally written with +91, 91 or 0 in front,
 * spaces or dashes. Stored normalised as the 10 bare digits.
 */
export const mobileSchema = z
  .union([textField('Mobile number'), z.number()], { error: 'Mobile number is required' })
  .transform((v) => String(v).replace(/[\s-]/g, ''))
  .refine((v) => MOBILE_PATTERN.test(v), 'Please enter a valid 10-digit Indian mobile number')
  .transform((v) => v.slice(-10));

/** Six-digit Indian PIN code that does not start with 0. */
export const postalCodeSchema = z
  .union([textField('PIN code'), z.number()], { error: 'PIN code is required' })
  .transform((v) => String(v).trim())
  .refine((v) => PIN_CODE_PATTERN.test(v), 'Please enter a valid 6-digit PIN code');

export const addressSchema = trimmed(TEXT_LIMITS.address, 'Address');
export const citySchema = trimmed(TEXT_LIMITS.city, 'City');
export const stateSchema = trimmed(TEXT_LIMITS.state, 'State');

/**
 * Sign-up asks for the essentials; the address is asked at checkout. The original client still sends
 * all eight fields (SPEC §7): an address field it sends is checked as before.
 */
export const userRegisterSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
  mobile: mobileSchema,
  address: addressSchema.optional(),
  city: citySchema.optional(),
  state: stateSchema.optional(),
  postalCode: postalCodeSchema.optional(),
});
export type UserRegisterInput = z.input<typeof userRegisterSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: textField('Password').min(1, 'Password is required').max(TEXT_LIMITS.password.max),
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

export const sellerRegisterSchema = z
  .object({
    fullName: fullNameSchema,
    companyName: trimmed(TEXT_LIMITS.companyName, 'Company name'),
    email: emailSchema,
    password: passwordSchema,
    mobile: mobileSchema,
    companyAddress: trimmed(TEXT_LIMITS.companyAddress, 'Company address'),
    // GST registration (new, optional: the original client sends none).
    ...sellerGstFields,
  })
  .superRefine(sellerStateAgrees);
export type SellerRegisterInput = z.input<typeof sellerRegisterSchema>;

/** A user as every endpoint returns it: never a password hash. */
export const userProfileSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  date: isoDateSchema,
  /** Whether the e-mail address was confirmed through its link (new; the original client ignores it). */
  emailVerified: z.boolean(),
  /** Whether the mobile was proved with a one-time code, so it signs in (issue 39; new, ignored by the original client). */
  mobileVerified: z.boolean(),
  /** Whether the account has a password (a shopper who signed up by mobile has none, so no "Change password"); new, ignored by the original client. */
  hasPassword: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const sellerProfileSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  mobile: z.string(),
  companyName: z.string(),
  companyAddress: z.string(),
  status: z.enum(SELLER_STATUSES),
  date: isoDateSchema,
  /** Whether the e-mail address was confirmed; the profile shows a reminder until it is. */
  emailVerified: z.boolean(),
  ...sellerGstAnswerFields,
});
export type SellerProfile = z.infer<typeof sellerProfileSchema>;

/** Answer of `POST /api/auth/user/register` and `/login` (SPEC §7). */
export const userAuthAnswerSchema = z.object({
  success: z.literal(true),
  authToken: z.string(),
  userFullName: z.string(),
});
export type UserAuthAnswer = z.infer<typeof userAuthAnswerSchema>;

/** Answer of `POST /api/auth/seller/register` and `/login` (SPEC §7). */
export const sellerAuthAnswerSchema = z.object({
  success: z.literal(true),
  authToken: z.string(),
  sellerFullName: z.string(),
});
export type SellerAuthAnswer = z.infer<typeof sellerAuthAnswerSchema>;

/** Answer of `POST /api/auth/admin/admin-login` (SPEC §7). */
export const adminAuthAnswerSchema = z.object({
  success: z.literal(true),
  authToken: z.string(),
  adminFullName: z.string(),
});
export type AdminAuthAnswer = z.infer<typeof adminAuthAnswerSchema>;

/** Answer of `PUT /api/user/update-profile` (SPEC §7: success, updatedProfile[]). */
export const updateProfileAnswerSchema = z.object({
  success: z.literal(true),
  updatedProfile: z.tuple([userProfileSchema]),
});
export type UpdateProfileAnswer = z.infer<typeof updateProfileAnswerSchema>;

/** Answer of `GET /api/auth/user/get-user-profile` (SPEC §7 "list of users"): the caller alone. */
export const userProfileListSchema = z.tuple([userProfileSchema]);

/** Answer of `GET /api/auth/seller/get-seller-profile` (SPEC §7): an array, first element the seller. */
export const sellerProfileListSchema = z.tuple([sellerProfileSchema]);
