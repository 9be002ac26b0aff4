import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

export class CreateTenantDto {
  @IsString()
  @Matches(/^[a-z0-9-]+$/)
  @MaxLength(40)
  slug!: string;

  @IsString()
  @IsNotEmpty()
  name!: string;
}
