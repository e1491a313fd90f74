/** The account links' tokens are the shop's one kind of link token (see common/link-token.ts). */
export { linkTokenHash as accountTokenHash, newLinkToken as newAccountToken } from '../../common/link-token.js';
