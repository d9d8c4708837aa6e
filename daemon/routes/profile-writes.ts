import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { parameterRecord, postedParameterRecord } from '../format/parameters.js';
import { profileParameterRecord, profileRecord } from '../format/profiles.js';
import { alerts, successAlert, warningAlert } from '../http/errors.js';
import { PRIV, caller, type RouteDef } from '../http/route.js';
import { pathId } from '../services/profiles/changes.js';
import { postProfileParameters } from '../services/profiles/links.js';
import { revealsSecureValues } from '../services/profiles/read.js';
import { copyProfile, exportProfile, importProfile } from '../services/profiles/transfer.js';
import { createProfile, deleteProfile, profileNamed, updateProfile } from '../services/profiles/writes.js';
import { notFound } from '../services/errors.js';
import {
  copiedProfileSchema,
  importedProfileSchema,
  profileExportAnswerSchema,
  parameterSchema,
  profileParametersPostedSchema,
} from '../../shared/contract/parameters.js';
import { goProfileSchema, profileParameterSchema } from '../../shared/contract/profiles.js';
import { alertedEnvelope, alertsOnly, envelope, list } from '../../shared/contract/schema.js';
import type { Profile } from '../store/profiles.js';

const idOf = (request: FastifyRequest) => pathId((request.params as { id?: string }).id);

/** The profile record a write answers: Traffic Ops' ProfileNullable (numeric id) at every version. */
const written = (p: Profile) => profileRecord(p, '1.5');

/**
 * The profile writes of issue 31 (reference §6, §6.3, §6.5): create, update, delete, copy, export, import, and
 * the parameter assignment and reads by profile id. Writes need Operations; reads any read-only session.
 */
export function profileWriteRoutes(ctx: AppContext): RouteDef[] {
  return [...crudRoutes(ctx), ...transferRoutes(ctx), ...assignRoutes(ctx), ...byProfileReads(ctx)];
}

/** POST profiles, PUT and DELETE profiles/:id. */
function crudRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/profiles',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(goProfileSchema) } },
      handler: async (request) => ({
        ...alerts(successAlert('profile was created.')),
        response: written(await createProfile(ctx, caller(request), request.body)),
      }),
    },
    {
      method: 'PUT',
      url: '/profiles/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(goProfileSchema) } },
      handler: async (request) => ({
        ...alerts(successAlert('profile was updated.')),
        response: written(await updateProfile(ctx, caller(request), idOf(request), request.body)),
      }),
    },
    {
      method: 'DELETE',
      url: '/profiles/:id',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertsOnly } },
      handler: async (request) => {
        await deleteProfile(ctx, caller(request), idOf(request));
        return alerts(successAlert('profile was deleted.'));
      },
    },
  ];
}

/** Copy, export and import (reference §6.5). */
function transferRoutes(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/profiles/name/:name/copy/:existing',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(copiedProfileSchema) } },
      handler: async (request) => {
        const { name, existing } = request.params as { name: string; existing: string };
        const { record, text } = await copyProfile(ctx, caller(request), name, existing);
        return { ...alerts(successAlert(text)), response: record };
      },
    },
    {
      method: 'GET',
      url: '/profiles/:id/export',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: profileExportAnswerSchema } },
      handler: async (request, reply) => {
        const exported = await exportProfile(ctx, caller(request), idOf(request));
        reply.header('content-disposition', `attachment; filename="${exported.profile.name}.json"`);
        reply.type('application/json; charset=utf-8');
        return JSON.stringify({ ...exported, alerts: null });
      },
    },
    {
      method: 'POST',
      url: '/profiles/import',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: { response: { 200: alertedEnvelope(importedProfileSchema) } },
      handler: async (request) => {
        const { record, text } = await importProfile(ctx, caller(request), request.body);
        return { ...alerts(successAlert(text)), response: record };
      },
    },
  ];
}

/** POST profiles/{id|name}/parameters (reference §6.3). */
function assignRoutes(ctx: AppContext): RouteDef[] {
  async function assign(request: FastifyRequest, profile: Profile) {
    const principal = caller(request);
    const parameters = await postProfileParameters(ctx, principal, profile, request.body);
    const reveal = revealsSecureValues(principal);
    return {
      ...alerts(successAlert(`Assign parameters successfully to profile ${profile.name}`)),
      response: {
        parameters: parameters.map((p) => postedParameterRecord(p, reveal)),
        profileId: profile.id,
        profileName: profile.name,
      },
    };
  }
  const posted = { response: { 200: alertedEnvelope(profileParametersPostedSchema) } };
  return [
    {
      method: 'POST',
      url: '/profiles/:id/parameters',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: posted,
      handler: async (request) => {
        const id = idOf(request);
        const profile = await ctx.store.profiles.get(id);
        if (!profile) throw notFound(`no profile with ID ${id} exists`);
        return assign(request, profile);
      },
    },
    {
      method: 'POST',
      url: '/profiles/name/:name/parameters',
      since: '1.1',
      auth: PRIV.OPERATIONS,
      schema: posted,
      handler: async (request) => {
        const name = (request.params as { name: string }).name;
        return assign(request, await profileNamed(ctx, name, 'no profile with that name exists'));
      },
    },
  ];
}

/** GET profiles/:id/parameters and profiles/:id/unassigned_parameters. */
function byProfileReads(ctx: AppContext): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/profiles/:id/parameters',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: envelope(list(profileParameterSchema)) } },
      handler: async (request) => {
        const profile = await ctx.store.profiles.get(idOf(request));
        const parameters = profile ? ((await ctx.store.parameters.ofProfile(profile.name)) ?? []) : [];
        const reveal = revealsSecureValues(caller(request));
        return { response: parameters.map((p) => profileParameterRecord(p, reveal)) };
      },
    },
    {
      method: 'GET',
      url: '/profiles/:id/unassigned_parameters',
      since: '1.1',
      auth: PRIV.READ,
      schema: { response: { 200: alertedEnvelope(list(parameterSchema)) } },
      handler: async (request) => {
        const profile = await ctx.store.profiles.get(idOf(request));
        const all = await ctx.store.parameters.list({});
        const unassigned = profile ? all.filter((p) => !p.profiles.includes(profile.name)) : all;
        const reveal = revealsSecureValues(caller(request));
        return {
          ...alerts(warningAlert('This endpoint is deprecated, and will be removed in the future')),
          response: unassigned.map((p) => parameterRecord(p, reveal)),
        };
      },
    },
  ];
}
