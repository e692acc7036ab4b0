"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClinicRooms, PriorityMarkList, PriorityMarksInput } from "@/lib/schemas/counter-settings";
import { apiGet, objectAnswer, sendJson } from "./http";

const RoomsAnswer = objectAnswer<ClinicRooms>({ clinicId: "string", day: "string", today: "string", doctors: "array" });
const MarksAnswer = objectAnswer<PriorityMarkList>({ marks: "array" });

const roomsKey = (clinicId: string, day?: string) => ["settings", "rooms", clinicId, day ?? "today"] as const;
const marksKey = ["settings", "priority-marks"] as const;

/** One clinic's rooms on a day (today when `day` is absent); the last day's list stays on screen while another day loads. */
export const useClinicRooms = (clinicId: string | null, day?: string) =>
  useQuery({
    queryKey: roomsKey(clinicId ?? "", day),
    enabled: !!clinicId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiGet("/api/settings/rooms", day ? { clinicId: clinicId!, day } : { clinicId: clinicId! }, RoomsAnswer, signal),
  });

/** What the rooms form sends: `room` as typed (the server trims; empty clears), `day` only for a day's room. */
export interface SetRoomRequest {
  clinicId: string;
  doctorId: string;
  day?: string;
  room: string;
}

export function useSetRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetRoomRequest) => sendJson("PUT", "/api/settings/rooms", input, RoomsAnswer),
    onSuccess: (rooms) =>
      // A usual room shows on every day's list; today's list and the queue's counter bar may change too.
      Promise.all([client.invalidateQueries({ queryKey: ["settings", "rooms", rooms.clinicId] }), client.invalidateQueries({ queryKey: ["queue"] })]),
  });
}

export const usePriorityMarks = () => useQuery({ queryKey: marksKey, queryFn: ({ signal }) => apiGet("/api/settings/priority-marks", {}, MarksAnswer, signal) });

export function useSavePriorityMarks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PriorityMarksInput) => sendJson("PUT", "/api/settings/priority-marks", input, MarksAnswer),
    onSuccess: (list) => {
      client.setQueryData(marksKey, list);
      return client.invalidateQueries({ queryKey: ["queue"] });
    },
  });
}
