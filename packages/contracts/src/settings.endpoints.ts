import { OkResponse, UserIndexParams } from './auth.js';
import { UserDetails, UserDetailsPatch } from './account.js';
import { defineEndpoint } from './endpoint.js';
import { UserConfig, UserConfigPatch } from './user-config.js';
import {
  ExternalContentPatch,
  ExternalContentSender,
  ExternalContentSenderCreate,
  ExternalContentSenderParams,
  ExternalContentSettings,
} from './external-content.js';

const tags = ['settings'] as const;
const externalContent = '/u/:userIndex/settings/externalContent';

/** The user details and stored preferences, and the external-content settings. */
export const settingsEndpoints = {
  details: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/details',
    auth: 'session',
    summary: 'The user details and stored preferences',
    tags,
    params: UserIndexParams,
    responses: { 200: UserDetails },
    errors: [401],
  }),
  updateDetails: defineEndpoint({
    method: 'PATCH',
    path: '/u/:userIndex/details',
    auth: 'session',
    summary: 'Change the display name or preferences (view_mode, ui, density, …, timezone)',
    tags,
    params: UserIndexParams,
    body: UserDetailsPatch,
    responses: { 200: UserDetails },
    errors: [401, 419, 422],
  }),
  config: defineEndpoint({
    method: 'GET',
    path: '/u/:userIndex/config',
    auth: 'session',
    summary: 'The configuration store: language, dark mode, list mode, after move or delete, shortcuts',
    tags,
    params: UserIndexParams,
    responses: { 200: UserConfig },
    errors: [401],
  }),
  updateConfig: defineEndpoint({
    method: 'PATCH',
    path: '/u/:userIndex/config',
    auth: 'session',
    summary: 'Change some of the configuration; the rest stays',
    tags,
    params: UserIndexParams,
    body: UserConfigPatch,
    responses: { 200: UserConfig },
    errors: [401, 419, 422],
  }),
  externalContent: defineEndpoint({
    method: 'GET',
    path: externalContent,
    auth: 'session',
    summary: 'External-content mode and the senders whose remote content always shows',
    tags,
    params: UserIndexParams,
    responses: { 200: ExternalContentSettings },
    errors: [401],
  }),
  updateExternalContent: defineEndpoint({
    method: 'PATCH',
    path: externalContent,
    auth: 'session',
    summary: 'Change the external-content mode (ask, always, never)',
    tags,
    params: UserIndexParams,
    body: ExternalContentPatch,
    responses: { 200: ExternalContentSettings },
    errors: [401, 419, 422],
  }),
  addExternalContentSender: defineEndpoint({
    method: 'POST',
    path: `${externalContent}/senders`,
    auth: 'session',
    summary: 'Always show remote content from this sender (an address already listed is kept)',
    tags,
    params: UserIndexParams,
    body: ExternalContentSenderCreate,
    responses: { 200: ExternalContentSender },
    errors: [401, 419, 422],
  }),
  removeExternalContentSender: defineEndpoint({
    method: 'DELETE',
    path: `${externalContent}/senders/:id`,
    auth: 'session',
    summary: 'Remove a sender from the allow list',
    tags,
    params: ExternalContentSenderParams,
    responses: { 200: OkResponse },
    errors: [401, 404, 419, 422],
  }),
};
