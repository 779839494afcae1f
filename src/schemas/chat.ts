// Outbound and group message requests, docs/service-api.md 2.
import * as z from 'zod/mini';

/** Digits only, 6 to 15 of them (after normalisation). */
export const phoneDigits = z.string().check(z.regex(/^\d{6,15}$/, 'must be 6 to 15 digits, international format without +'));

const nonEmpty = () => z.string().check(z.minLength(1, 'must not be empty'));
const publicUrl = () => z.string().check(z.regex(/^https?:\/\/\S+$/i, 'must be an http(s) URL'));

export const textMessage = z.object({ type: z.literal('text'), text: z.object({ body: nonEmpty() }) });

/**
 * Media objects. In the JSON body `url` is required; in the multipart form the server takes
 * the uploaded `file` instead, so the url is absent there (`withUrl = false`).
 */
function mediaMessages(withUrl: boolean) {
  const url = withUrl ? publicUrl() : z.optional(z.never('is not allowed with an uploaded file'));
  return [
    z.object({ type: z.literal('image'), image: z.object({ url, caption: z.optional(z.string()) }) }),
    z.object({ type: z.literal('video'), video: z.object({ url, caption: z.optional(z.string()) }) }),
    z.object({ type: z.literal('audio'), audio: z.object({ url }) }),
    z.object({ type: z.literal('document'), document: z.object({ url, filename: z.optional(z.string()), caption: z.optional(z.string()) }) }),
  ] as const;
}

export const locationMessage = z.object({
  type: z.literal('location'),
  location: z.object({
    latitude: z.number().check(z.gte(-90, 'must be between -90 and 90'), z.lte(90, 'must be between -90 and 90')),
    longitude: z.number().check(z.gte(-180, 'must be between -180 and 180'), z.lte(180, 'must be between -180 and 180')),
    name: z.optional(z.string()),
    address: z.optional(z.string()),
  }),
});

export const templateMessage = z.object({
  type: z.literal('template'),
  template: z.object({
    template_id: nonEmpty(),
    language_code: z.string().check(z.regex(/^[a-z]{2,3}_[A-Z]{2}$/, 'must be a locale such as en_US')),
    body_variables: z.optional(z.array(z.string())),
    header_media: z.optional(z.object({ type: nonEmpty(), url: publicUrl() })),
  }),
});

export const reactionMessage = z.object({
  type: z.literal('reaction'),
  reaction: z.object({ message_id: nonEmpty(), emoji: nonEmpty() }),
});

/** Message objects by type, as sent in the JSON body. */
export const message = z.discriminatedUnion('type', [textMessage, ...mediaMessages(true), locationMessage, templateMessage, reactionMessage]);
export type Message = z.infer<typeof message>;

/** The `message` field of the multipart form: a media type whose bytes are the `file` part. */
export const fileMessage = z.discriminatedUnion('type', [...mediaMessages(false)]);

export const sendRequest = z.object({
  sender_id: z.string().check(z.minLength(1, 'is required')),
  to: phoneDigits,
  message,
});
export type SendRequest = z.infer<typeof sendRequest>;

/** The text fields of the multipart form, `message` already parsed from its JSON string. */
export const sendFileRequest = z.object({
  sender_id: z.string().check(z.minLength(1, 'is required')),
  to: phoneDigits,
  message: fileMessage,
});

export const groupRequest = z.object({
  sender_id: z.string().check(z.minLength(1, 'is required')),
  group_id: z.optional(nonEmpty()),
  group_name: z.optional(nonEmpty()),
  message: textMessage,
  mentions: z.optional(z.array(phoneDigits)),
}).check(
  z.refine((r) => (r.group_id === undefined) !== (r.group_name === undefined), { message: 'give exactly one of group_id and group_name', path: ['group_id'] }),
);
