import type { FastifyInstance } from 'fastify';
import { getAppSettings } from '#shared/api/app-settings';
import type { AppSettings } from '#shared/contracts/app-settings';
import type { Guards } from '#server/auth/guards';
import { isUnreachableFromOutside } from '#shared/rules/private-address';
import type { Config } from '#server/config';
import { routeDefiner } from '#server/http/define-route';

/** What the send page needs of the server's configuration to draw the preview exactly as it will be sent. */
export function registerAppSettingsRoutes(app: FastifyInstance, { config }: { config: Config }, guards: Guards) {
  routeDefiner(app, guards)(getAppSettings, async (): Promise<AppSettings> => ({
    hubPassword: config.hubPassword ?? null,
    mailTransport: config.mailTransport,
    isGoogleEnabled: Boolean(config.google.clientId),
    hasVendorLinks: config.vendorLinks,
    isPublicUrlPrivate: isUnreachableFromOutside(config.publicUrl),
    publicUrl: config.publicUrl,
  }));
}
