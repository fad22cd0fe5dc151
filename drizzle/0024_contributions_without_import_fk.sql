ALTER TABLE "contributions" DROP CONSTRAINT "contributions_import_id_result_imports_id_fk";
