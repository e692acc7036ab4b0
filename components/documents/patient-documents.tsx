"use client";

import { useCallback } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { documentKeys } from "@/lib/api-client/documents";
import { DocumentList } from "./document-list";
import { DocumentUploader } from "./document-uploader";

/** Upload area plus the patient's documents on file; used on the patient page and the upload page. */
export function PatientDocuments({ patientId }: { patientId: string }) {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: documentKeys.forPatient(patientId) }), [queryClient, patientId]);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <DocumentUploader key={patientId} patientId={patientId} onUploaded={refresh} />
      <DocumentList patientId={patientId} />
    </div>
  );
}
