/* global Request, Response, AbortController, AbortSignal, TextEncoder, TextDecoder */
// jsdom with the WHATWG Request and Response the data router builds on every navigation (jsdom has neither),
// and TextEncoder/TextDecoder, which react-router uses at import time. They come from Node's own globals, with
// Node's AbortController, since Node's Request accepts only its own AbortSignal.
import { TestEnvironment } from 'jest-environment-jsdom';

export default class JsdomWithFetchTypes extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { Request, Response, AbortController, AbortSignal, TextEncoder, TextDecoder });
  }
}
