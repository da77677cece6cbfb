import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../infra/config.js';
import type { Db } from '../../infra/db/database.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { FeatureModule } from '../../infra/http/feature-module.js';
import { AddressBooksService } from './address-books.service.js';
import { AvatarsService } from './avatars.service.js';
import { ContactExportService } from './contact-export.service.js';
import { ContactImportService } from './contact-import.service.js';
import { contactsRoutes } from './contacts.routes.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { GroupsService } from './groups.service.js';

export interface ContactsModuleDeps {
  config: Pick<Config, 'contacts'>;
  db: Db;
  publish: PublishEvent;
}

/** Address books, contacts, groups, avatars, vCard/CSV import and export, recipient autocomplete. */
export function createContactsModule(deps: ContactsModuleDeps): { module: FeatureModule } {
  const { config, publish } = deps;
  const repo = new ContactsRepository(deps.db);
  const books = new AddressBooksService(repo, publish);
  const avatars = new AvatarsService(repo);
  const contacts = new ContactsService(
    repo,
    books,
    avatars,
    { maxPerUser: config.contacts.maxPerUser },
    publish,
  );
  const groups = new GroupsService(repo, avatars, publish);
  const importer = new ContactImportService(repo, books, groups, config.contacts.maxPerUser, publish);
  const exporter = new ContactExportService(repo, books);
  const routes: FastifyPluginAsync = contactsRoutes({
    books,
    contacts,
    groups,
    avatars,
    importer,
    exporter,
    limits: {
      avatarMaxBytes: config.contacts.avatarMaxBytes,
      importMaxBytes: config.contacts.importMaxBytes,
    },
  });
  return { module: { name: 'contacts', routes } };
}
