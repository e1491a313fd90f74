import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX, USER_NAME_MIN } from '../identity.js';
import { type AcceptInvitationRequest, STAFF_INVITATION_TOKEN_PATTERN } from '../staff.js';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, SingleScript, trim } from './text-rules.js';

/** The name and password rules are sign-up's: an invitee's account is an account like any other. */
export class AcceptInvitationDto implements AcceptInvitationRequest {
  @IsString({ message: 'The invitation link is not complete' })
  @Matches(STAFF_INVITATION_TOKEN_PATTERN, { message: 'The invitation link is not complete' })
  token!: string;

  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @Length(USER_NAME_MIN, USER_NAME_MAX, { message: `Name must be ${USER_NAME_MIN} to ${USER_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'Name must not contain control characters' })
  @HasVisibleCharacter({ message: 'Name must contain a visible character' })
  @NoBidiControls({ message: 'Name must not contain characters that change the text direction' })
  @SingleScript()
  name!: string;

  @IsString({ message: 'Password is required' })
  @Length(PASSWORD_MIN, PASSWORD_MAX, { message: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` })
  @NoControlCharacters({ message: 'Password must not contain control characters' })
  password!: string;
}
