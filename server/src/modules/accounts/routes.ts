import {
  type AdminAuthAnswer,
  adminAuthAnswerSchema,
  errorResponses,
  localeOfCookie,
  loginSchema,
  type SellerAuthAnswer,
  type SellerProfile,
  sellerAuthAnswerSchema,
  sellerProfileListSchema,
  sellerRegisterSchema,
  type UpdateProfileAnswer,
  type UserAuthAnswer,
  type UserLocaleAnswer,
  type UserProfile,
  updateProfileAnswerSchema,
  userAuthAnswerSchema,
  userLocaleAnswerSchema,
  userLocaleSchema,
  userProfileListSchema,
  userRegisterSchema,
  userUpdateProfileSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendVerificationMail } from './email-verification.ts';
import { principalOf, requireRole } from './guard.ts';
import phoneRoutes from './phone-routes.ts';
import { toSellerProfile, toUserProfile } from './profiles.ts';
import { limitAuthAttempt } from './rate-limit.ts';
import * as accounts from './service.ts';

/** Accounts: SPEC §7 auth, profile and account endpoints for users, sellers and the admin. */
export default async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, tokens } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  // Shoppers' sign-in with a one-time code and their mobile's verification (issue 39).
  await app.register(phoneRoutes);

  app.post(
    '/api/auth/user/register',
    {
      schema: { body: userRegisterSchema, response: { 200: userAuthAnswerSchema, ...errorResponses } },
      preHandler: (req) => limitAuthAttempt(req, 'register'),
    },
    async (req): Promise<UserAuthAnswer> => {
      // The language the shopper was browsing in becomes their e-mails' language.
      const user = await accounts.registerUser(db, req.body, localeOfCookie(req.headers.cookie));
      await sendVerificationMail({ ...app.deps, log: req.log }, 'user', user);
      const authToken = await tokens.sign({ sub: user.id, role: 'user' });
      return { success: true, authToken, userFullName: user.fullName };
    },
  );

  app.post(
    '/api/auth/user/login',
    {
      schema: { body: loginSchema, response: { 200: userAuthAnswerSchema, ...errorResponses } },
      preHandler: (req) => limitAuthAttempt(req, 'login'),
    },
    async (req): Promise<UserAuthAnswer> => {
      const user = await accounts.loginUser(db, req.body.email, req.body.password);
      const authToken = await tokens.sign({ sub: user.id, role: 'user' });
      return { success: true, authToken, userFullName: user.fullName };
    },
  );

  const userProfile = { response: { 200: userProfileListSchema, ...errorResponses } };
  app.get(
    '/api/auth/user/get-user-profile',
    { ...asUser, schema: userProfile },
    async (req): Promise<[UserProfile]> => {
      return [toUserProfile(await accounts.getUser(db, principalOf(req).id))];
    },
  );

  app.put(
    '/api/user/update-profile',
    {
      ...asUser,
      schema: {
        body: userUpdateProfileSchema,
        response: { 200: updateProfileAnswerSchema, ...errorResponses },
      },
    },
    async (req): Promise<UpdateProfileAnswer> => {
      const user = await accounts.updateUserProfile(db, principalOf(req).id, req.body);
      return { success: true, updatedProfile: [toUserProfile(user)] };
    },
  );

  app.put(
    '/api/user/locale',
    {
      ...asUser,
      schema: { body: userLocaleSchema, response: { 200: userLocaleAnswerSchema, ...errorResponses } },
    },
    async (req): Promise<UserLocaleAnswer> => {
      const locale = await accounts.setAccountLocale(db, 'user', principalOf(req).id, req.body.locale);
      return { success: true, locale };
    },
  );

  app.put(
    '/api/seller/locale',
    {
      ...asSeller,
      schema: { body: userLocaleSchema, response: { 200: userLocaleAnswerSchema, ...errorResponses } },
    },
    async (req): Promise<UserLocaleAnswer> => {
      const locale = await accounts.setAccountLocale(db, 'seller', principalOf(req).id, req.body.locale);
      return { success: true, locale };
    },
  );

  app.post(
    '/api/auth/seller/register',
    {
      schema: { body: sellerRegisterSchema, response: { 200: sellerAuthAnswerSchema, ...errorResponses } },
      preHandler: (req) => limitAuthAttempt(req, 'register'),
    },
    async (req): Promise<SellerAuthAnswer> => {
      const seller = await accounts.registerSeller(db, req.body, localeOfCookie(req.headers.cookie));
      await sendVerificationMail({ ...app.deps, log: req.log }, 'seller', seller);
      const authToken = await tokens.sign({ sub: seller.id, role: 'seller' });
      return { success: true, authToken, sellerFullName: seller.fullName };
    },
  );

  app.post(
    '/api/auth/seller/login',
    {
      schema: { body: loginSchema, response: { 200: sellerAuthAnswerSchema, ...errorResponses } },
      preHandler: (req) => limitAuthAttempt(req, 'login'),
    },
    async (req): Promise<SellerAuthAnswer> => {
      const seller = await accounts.loginSeller(db, req.body.email, req.body.password);
      const authToken = await tokens.sign({ sub: seller.id, role: 'seller' });
      return { success: true, authToken, sellerFullName: seller.fullName };
    },
  );

  const sellerProfile = { response: { 200: sellerProfileListSchema, ...errorResponses } };
  app.get(
    '/api/auth/seller/get-seller-profile',
    { ...asSeller, schema: sellerProfile },
    async (req): Promise<[SellerProfile]> => {
      return [toSellerProfile(await accounts.getSeller(db, principalOf(req).id), app.deps.config.gstMode)];
    },
  );

  app.post(
    '/api/auth/admin/admin-login',
    {
      schema: { body: loginSchema, response: { 200: adminAuthAnswerSchema, ...errorResponses } },
      preHandler: (req) => limitAuthAttempt(req, 'login'),
    },
    async (req): Promise<AdminAuthAnswer> => {
      const admin = await accounts.loginAdmin(db, req.body.email, req.body.password);
      const authToken = await tokens.sign({ sub: admin.id, role: 'admin' });
      return { success: true, authToken, adminFullName: admin.fullName };
    },
  );
}
