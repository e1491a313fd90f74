import { Controller, Get, HttpCode, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiRoute, StaffRole } from '@store/contract';
import { type CatalogueImportJob, type CatalogueImportReport } from '@store/contract/dto/catalogue-transfer';
import type { Response } from 'express';
import { UuidParam } from '../../common/uuid-param.decorator.js';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { type CataloguePhotosReport } from '@store/contract/dto/catalogue-photos';
import {
  CatalogueCsvUploadInterceptor,
  CataloguePhotoZipUploadInterceptor,
  uploadedCsv,
  uploadedZip,
} from './catalogue-csv-upload.interceptor.js';
import { CataloguePhotosService } from './catalogue-photos.service.js';
import { CatalogueTransferService } from './catalogue-transfer.service.js';

/** The catalogue as CSV: the export, the import's dry run, the import and its progress; photos by zip (docs/api.md). */
@Controller()
export class CatalogueTransferController {
  constructor(
    private readonly transfer: CatalogueTransferService,
    private readonly zipPhotos: CataloguePhotosService,
  ) {}

  /** Every product, one row per variant, streamed a batch of products at a time (never built whole in memory). */
  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.catalogueExport)
  async export(@Res() response: Response): Promise<void> {
    const pieces = this.transfer.export();
    // The header and the first batch are read before anything is sent, so a failure then is still an error answer.
    const header = await pieces.next();
    const first = await pieces.next();
    response.status(200);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="catalogue.csv"');
    try {
      if (!header.done) response.write(header.value);
      for (let piece = first; !piece.done; piece = await pieces.next()) {
        if (!response.write(piece.value)) await new Promise((resolve) => response.once('drain', resolve));
        if (response.destroyed) return;
      }
      response.end();
    } catch (error) {
      // Headers are gone: the only honest signal left is a cut connection (the client sees an incomplete file).
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The dry run: every bad row (line, column, message) or what the import would do; nothing is written. */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.catalogueImportCheck)
  @HttpCode(200)
  @UseInterceptors(CatalogueCsvUploadInterceptor)
  check(@UploadedFile() file: Express.Multer.File | undefined): Promise<CatalogueImportReport> {
    return this.transfer.check(uploadedCsv(file));
  }

  /** Checks the file again and starts applying it: 202 and the job to follow (400 with every error, nothing written). */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.catalogueImportStart)
  @HttpCode(202)
  @UseInterceptors(CatalogueCsvUploadInterceptor)
  start(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() admin: AuthUser): Promise<CatalogueImportJob> {
    return this.transfer.start(uploadedCsv(file), admin);
  }

  @Roles(StaffRole.Owner, StaffRole.Staff, StaffRole.ReadOnly)
  @Get(ApiRoute.catalogueImport)
  job(@UuidParam('importId') importId: string): Promise<CatalogueImportJob> {
    return this.transfer.job(importId);
  }

  /** The dry run of a zip of photos: what each file would become, every file that is wrong; nothing is written. */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.cataloguePhotosCheck)
  @HttpCode(200)
  @UseInterceptors(CataloguePhotoZipUploadInterceptor)
  checkPhotos(@UploadedFile() file: Express.Multer.File | undefined): Promise<CataloguePhotosReport> {
    return this.zipPhotos.check(uploadedZip(file));
  }

  /** Adds a zip's photos to the galleries (400 with every wrong file, nothing written). */
  @Roles(StaffRole.Owner, StaffRole.Staff)
  @Post(ApiRoute.cataloguePhotosImport)
  @HttpCode(200)
  @UseInterceptors(CataloguePhotoZipUploadInterceptor)
  importPhotos(@UploadedFile() file: Express.Multer.File | undefined, @CurrentUser() admin: AuthUser): Promise<CataloguePhotosReport> {
    return this.zipPhotos.import(uploadedZip(file), admin);
  }
}
