import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ContactImportFields,
  ContactInput,
  ContactPatch,
  contactsEndpoints as endpoints,
  GroupInput,
  GroupPatch,
} from '@webmail/contracts';
import { validationError } from '../../infra/errors.js';
import { route } from '../../infra/http/endpoint-route.js';
import { accountOf } from '../../infra/session/route-auth.js';
import type { AddressBooksService } from './address-books.service.js';
import type { AvatarsService } from './avatars.service.js';
import type { ContactExportService } from './contact-export.service.js';
import type { ContactImportService } from './contact-import.service.js';
import { parseForm, readForm, tooLarge } from './contacts-form.js';
import type { ContactsService } from './contacts.service.js';
import type { AvatarRow } from './contacts.repository.js';
import type { GroupsService } from './groups.service.js';

export interface ContactsRouteDeps {
  books: AddressBooksService;
  contacts: ContactsService;
  groups: GroupsService;
  avatars: AvatarsService;
  importer: ContactImportService;
  exporter: ContactExportService;
  limits: { avatarMaxBytes: number; importMaxBytes: number };
}

const fileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
};

/** Handlers translate HTTP only: forms are read and checked here, the services do the rest. */
export function contactsRoutes(deps: ContactsRouteDeps): FastifyPluginAsync {
  return async (app) => {
    // throwFileSizeLimit off: a file over the limit is read to its end and dropped (contacts-form.ts), so
    // the answer names the field and the limit instead of the plugin's bare 413.
    await app.register(multipart, { throwFileSizeLimit: false });
    contactRoutes(app, deps);
    addressBookRoutes(app, deps);
    groupRoutes(app, deps);
    transferRoutes(app, deps);
  };
}

const email = (request: FastifyRequest) => accountOf(request).email;

/** The form's fields and its avatar; an avatar over the limit is a 413 naming the limit. */
async function avatarForm(request: FastifyRequest, limits: ContactsRouteDeps['limits']) {
  const form = await readForm(request, { fileField: 'avatar', maxFileBytes: limits.avatarMaxBytes });
  if (form.fileTooLarge)
    throw tooLarge('avatar', `The avatar is larger than ${limits.avatarMaxBytes} bytes`, 'avatarTooLarge', {
      max: limits.avatarMaxBytes,
    });
  return form;
}

function contactRoutes(app: FastifyInstance, { contacts, avatars, limits }: ContactsRouteDeps): void {
  route(app, endpoints.contacts, async (request) => contacts.list(email(request), request.query));
  route(app, endpoints.contact, async (request) => contacts.get(email(request), request.params.id));
  route(app, endpoints.createContact, async (request, reply) => {
    const form = await avatarForm(request, limits);
    const input = parseForm(ContactInput, form.fields, ['emails', 'phones', 'groups']);
    return reply.status(201).send(await contacts.create(email(request), input, form.file?.data ?? null));
  });
  route(app, endpoints.updateContact, async (request) => {
    const form = await avatarForm(request, limits);
    const patch = parseForm(ContactPatch, form.fields, ['emails', 'phones', 'groups']);
    return contacts.update(email(request), request.params.id, patch, form.file?.data ?? null);
  });
  route(app, endpoints.deleteContact, async (request, reply) => {
    await contacts.remove(email(request), request.params.id);
    return reply.status(204).send(null);
  });
  route(app, endpoints.contactAvatar, async (request, reply) =>
    sendAvatar(request, reply, await avatars.get(email(request), request.params.id, 'Contact')),
  );
  route(app, endpoints.massAction, async (request) => contacts.massAction(email(request), request.body));
  route(app, endpoints.suggestions, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return {
      suggestions: await contacts.suggestions(email(request), request.query.query, request.query.limit),
    };
  });
}

function addressBookRoutes(app: FastifyInstance, { books }: ContactsRouteDeps): void {
  route(app, endpoints.addressBooks, async (request) => ({
    addressBooks: await books.list(email(request)),
  }));
  route(app, endpoints.createAddressBook, async (request, reply) =>
    reply.status(201).send(await books.create(email(request), request.body.name)),
  );
  route(app, endpoints.updateAddressBook, async (request) =>
    books.rename(email(request), request.params.id, request.body.name),
  );
  route(app, endpoints.deleteAddressBook, async (request, reply) => {
    await books.remove(email(request), request.params.id);
    return reply.status(204).send(null);
  });
}

function groupRoutes(app: FastifyInstance, { groups, avatars, limits }: ContactsRouteDeps): void {
  route(app, endpoints.groups, async (request) =>
    groups.list(email(request), request.query.query, request.query.offset, request.query.limit),
  );
  route(app, endpoints.group, async (request) => groups.get(email(request), request.params.id));
  route(app, endpoints.createGroup, async (request, reply) => {
    const form = await avatarForm(request, limits);
    const input = parseForm(GroupInput, form.fields, ['members']);
    return reply.status(201).send(await groups.create(email(request), input, form.file?.data ?? null));
  });
  route(app, endpoints.updateGroup, async (request) => {
    const form = await avatarForm(request, limits);
    const patch = parseForm(GroupPatch, form.fields, ['members']);
    return groups.update(email(request), request.params.id, patch, form.file?.data ?? null);
  });
  route(app, endpoints.deleteGroup, async (request, reply) => {
    await groups.remove(email(request), request.params.id);
    return reply.status(204).send(null);
  });
  route(app, endpoints.groupAvatar, async (request, reply) =>
    sendAvatar(request, reply, await avatars.get(email(request), request.params.id, 'Group')),
  );
}

/** Export as vCard or CSV, and import from a vCard or a Google/Outlook CSV file. */
function transferRoutes(app: FastifyInstance, { importer, exporter, limits }: ContactsRouteDeps): void {
  route(app, endpoints.exportContacts, async (request, reply) => {
    const file = await exporter.export(email(request), request.params.format, request.query.addressBookId);
    return reply
      .headers({
        ...fileHeaders,
        'Content-Type': file.contentType,
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
      })
      .send(file.body);
  });
  route(app, endpoints.importContacts, async (request) => {
    const form = await readForm(request, {
      fileField: 'contactImport',
      maxFileBytes: limits.importMaxBytes,
    });
    if (form.fileTooLarge)
      throw tooLarge(
        'contactImport',
        `The file is larger than ${limits.importMaxBytes} bytes`,
        'importTooLarge',
        { max: limits.importMaxBytes },
      );
    const fields = parseForm(ContactImportFields, form.fields, []);
    if (!form.file)
      throw validationError({ contactImport: [{ code: 'required', message: 'No file was sent' }] });
    return importer.import(email(request), fields, form.file.data);
  });
}

/**
 * An avatar with caching headers: its ETag answers If-None-Match with 304; with `?v=` (the web adds the owner's
 * ETag, so a new image has a new URL) it may be kept for a day, without it it is revalidated each time.
 */
function sendAvatar(request: FastifyRequest, reply: FastifyReply, avatar: AvatarRow) {
  const etag = `"${avatar.etag}"`;
  const versioned = typeof (request.query as { v?: string }).v === 'string';
  reply.headers({
    ...fileHeaders,
    ETag: etag,
    'Cache-Control': versioned ? 'private, max-age=86400' : 'private, no-cache',
    'Last-Modified': new Date(Number(avatar.updated_at)).toUTCString(),
  });
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.header('Content-Type', avatar.content_type).send(avatar.data);
}
