import { CATEGORY_NAME_MAX, type CategoryInput } from '../catalogue.js';
import { Transform } from 'class-transformer';
import { IsString, Length } from 'class-validator';
import { HasVisibleCharacter, NoBidiControls, NoControlCharacters, trim } from './text-rules.js';

export class CategoryDto implements CategoryInput {
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @Length(1, CATEGORY_NAME_MAX, { message: `Name must be 1 to ${CATEGORY_NAME_MAX} characters` })
  @NoControlCharacters({ message: 'Name must not contain control characters' })
  @HasVisibleCharacter({ message: 'Name must contain a visible character' })
  @NoBidiControls({ message: 'Name must not contain characters that change the text direction' })
  name!: string;
}
