"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ClinicRooms, PriorityMarkList, type PriorityMarksInput } from "@/lib/schemas/counter-settings";
import { apiGet, sendJson } from "./http";

const roomsKey = (clinicId: string) => ["settings", "rooms", clinicId] as const;
const marksKey = ["settings", "priority-marks"] as const;

export const useClinicRooms = (clinicId: string | null) =>
  useQuery({ queryKey: roomsKey(clinicId ?? ""), enabled: !!clinicId, queryFn: ({ signal }) => apiGet("/api/settings/rooms", { clinicId: clinicId! }, ClinicRooms, signal) });

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
    mutationFn: (input: SetRoomRequest) => sendJson("PUT", "/api/settings/rooms", input, ClinicRooms),
    onSuccess: (rooms) => {
      client.setQueryData(roomsKey(rooms.clinicId), rooms);
      return client.invalidateQueries({ queryKey: ["queue"] });
    },
  });
}

export const usePriorityMarks = () => useQuery({ queryKey: marksKey, queryFn: ({ signal }) => apiGet("/api/settings/priority-marks", {}, PriorityMarkList, signal) });

export function useSavePriorityMarks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PriorityMarksInput) => sendJson("PUT", "/api/settings/priority-marks", input, PriorityMarkList),
    onSuccess: (list) => {
      client.setQueryData(marksKey, list);
      return client.invalidateQueries({ queryKey: ["queue"] });
    },
  });
}
