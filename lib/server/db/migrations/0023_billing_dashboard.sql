-- The owner's dashboard reads running totals kept by triggers in the same transaction as the rows they count,
-- so a year of a busy clinic is a few hundred small rows to read, not 250,000 to add up on every view.
CREATE TABLE "queue_day_stats" (
	"clinic_id" text NOT NULL,
	"day" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"expected" integer DEFAULT 0 NOT NULL,
	"wait_seconds" bigint DEFAULT 0 NOT NULL,
	"waited" integer DEFAULT 0 NOT NULL,
	"unbilled_visits" integer DEFAULT 0 NOT NULL,
	"unbilled_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_day_stats_pk" PRIMARY KEY("clinic_id","day")
);
--> statement-breakpoint
CREATE TABLE "clinic_patient_first_visits" (
	"clinic_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"first_day" text NOT NULL,
	CONSTRAINT "clinic_patient_first_visits_pk" PRIMARY KEY("clinic_id","patient_id")
);
--> statement-breakpoint
CREATE INDEX "clinic_patient_first_visits_day_idx" ON "clinic_patient_first_visits" USING btree ("clinic_id","first_day");
--> statement-breakpoint
CREATE TABLE "billing_day_totals" (
	"clinic_id" text NOT NULL,
	"day" text NOT NULL,
	"dimension" text NOT NULL CHECK ("dimension" IN ('total', 'method', 'doctor', 'service')),
	"key" text NOT NULL,
	"receipts_paise" bigint DEFAULT 0 NOT NULL,
	"credit_notes_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_day_totals_pk" PRIMARY KEY("clinic_id","day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "billing_visit_day_dues" (
	"clinic_id" text NOT NULL,
	"day" text NOT NULL,
	"billed_paise" bigint DEFAULT 0 NOT NULL,
	"concession_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"open_bills" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_visit_day_dues_pk" PRIMARY KEY("clinic_id","day")
);
--> statement-breakpoint
CREATE FUNCTION "clinic_zone"("clinic" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM directory_entries WHERE kind = 'clinic' AND platform_id = clinic), 'Asia/Kolkata')
$$;
--> statement-breakpoint
CREATE FUNCTION "queue_day_stats_add"("r" queue_appointments, "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  attended boolean := r.status IN ('checked_in', 'in_consultation', 'done');
  waited boolean := attended AND r.called_at IS NOT NULL AND r.arrived_at IS NOT NULL AND r.called_at >= r.arrived_at;
  -- Seen for a platform-priced service and not billed (yet): the bill's own trigger takes it out when the bill is made.
  unbilled boolean := attended AND r.source <> 'walk_in' AND coalesce(r.price, 0) > 0 AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.appointment_id = r.appointment_id);
BEGIN
  INSERT INTO queue_day_stats AS s (clinic_id, day, visits, no_shows, expected, wait_seconds, waited, unbilled_visits, unbilled_paise)
  VALUES (r.clinic_id, r.day,
          sign * (CASE WHEN attended THEN 1 ELSE 0 END),
          sign * (CASE WHEN r.status = 'no_show' THEN 1 ELSE 0 END),
          sign * (CASE WHEN r.status <> 'cancelled' THEN 1 ELSE 0 END),
          sign * (CASE WHEN waited THEN round(extract(epoch FROM r.called_at - r.arrived_at))::bigint ELSE 0 END),
          sign * (CASE WHEN waited THEN 1 ELSE 0 END),
          sign * (CASE WHEN unbilled THEN 1 ELSE 0 END),
          sign * (CASE WHEN unbilled THEN round(r.price::numeric * 100)::bigint ELSE 0 END))
  ON CONFLICT (clinic_id, day) DO UPDATE SET visits = s.visits + excluded.visits, no_shows = s.no_shows + excluded.no_shows, expected = s.expected + excluded.expected,
    wait_seconds = s.wait_seconds + excluded.wait_seconds, waited = s.waited + excluded.waited,
    unbilled_visits = s.unbilled_visits + excluded.unbilled_visits, unbilled_paise = s.unbilled_paise + excluded.unbilled_paise;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "clinic_patient_first_visit_refresh"("clinic" text, "patient" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  first text;
BEGIN
  SELECT min(day) INTO first FROM queue_appointments WHERE patient_id = patient AND clinic_id = clinic AND status IN ('checked_in', 'in_consultation', 'done');
  IF first IS NULL THEN
    DELETE FROM clinic_patient_first_visits WHERE clinic_id = clinic AND patient_id = patient;
  ELSE
    INSERT INTO clinic_patient_first_visits (clinic_id, patient_id, first_day) VALUES (clinic, patient, first)
    ON CONFLICT (clinic_id, patient_id) DO UPDATE SET first_day = excluded.first_day;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "queue_dashboard_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.clinic_id = NEW.clinic_id AND OLD.day = NEW.day AND OLD.patient_id = NEW.patient_id AND OLD.status = NEW.status
     AND OLD.arrived_at IS NOT DISTINCT FROM NEW.arrived_at AND OLD.called_at IS NOT DISTINCT FROM NEW.called_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM queue_day_stats_add(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM queue_day_stats_add(NEW, 1); END IF;
  IF TG_OP = 'UPDATE' AND OLD.clinic_id = NEW.clinic_id AND OLD.day = NEW.day AND OLD.patient_id = NEW.patient_id AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM clinic_patient_first_visit_refresh(OLD.clinic_id, OLD.patient_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.clinic_id <> NEW.clinic_id OR OLD.patient_id <> NEW.patient_id) THEN
    PERFORM clinic_patient_first_visit_refresh(NEW.clinic_id, NEW.patient_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "queue_appointments_dashboard_totals" AFTER INSERT OR UPDATE OR DELETE ON "queue_appointments" FOR EACH ROW EXECUTE FUNCTION "queue_dashboard_totals"();
--> statement-breakpoint
CREATE FUNCTION "billing_day_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  clinic text;
  at timestamptz;
  received bigint := 0;
  refunded bigint := 0;
BEGIN
  -- One row per day for the total and one per method, doctor and service (fee kind and the platform's service name).
  SELECT rc.clinic_id, rc.collected_at, rc.doctor_id, b.fee_kind || '|' || CASE WHEN b.fee_kind = 'booked_service' THEN coalesce(b.lines -> 0 ->> 'label', '') ELSE '' END AS service
    INTO r FROM receipts rc JOIN bills b ON b.id = rc.bill_id WHERE rc.id = NEW.receipt_id;
  IF TG_TABLE_NAME = 'receipt_payments' THEN
    clinic := r.clinic_id; at := r.collected_at; received := NEW.amount_paise;
  ELSE
    clinic := NEW.clinic_id; at := NEW.at; refunded := NEW.amount_paise;
  END IF;
  INSERT INTO billing_day_totals AS t (clinic_id, day, dimension, key, receipts_paise, credit_notes_paise)
  SELECT clinic, to_char(at AT TIME ZONE clinic_zone(clinic), 'YYYY-MM-DD'), d.dimension, d.key, received, refunded
    FROM (VALUES ('total', ''), ('method', NEW.method), ('doctor', r.doctor_id), ('service', r.service)) AS d(dimension, key)
  ON CONFLICT (clinic_id, day, dimension, key) DO UPDATE SET receipts_paise = t.receipts_paise + excluded.receipts_paise, credit_notes_paise = t.credit_notes_paise + excluded.credit_notes_paise;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "receipt_payments_day_totals" AFTER INSERT ON "receipt_payments" FOR EACH ROW EXECUTE FUNCTION "billing_day_totals_add"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_day_totals" AFTER INSERT ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION "billing_day_totals_add"();
--> statement-breakpoint
CREATE FUNCTION "billing_visit_dues_add"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  the_bill uuid;
  b record;
  visit_day text;
  due_after bigint;
BEGIN
  IF TG_TABLE_NAME = 'bills' THEN the_bill := NEW.id; ELSE the_bill := NEW.bill_id; END IF;
  SELECT x.clinic_id, x.appointment_id, x.total_paise, x.created_at INTO b FROM bills x WHERE x.id = the_bill;
  SELECT q.day INTO visit_day FROM queue_appointments q WHERE q.appointment_id = b.appointment_id;
  visit_day := coalesce(visit_day, to_char(b.created_at AT TIME ZONE clinic_zone(b.clinic_id), 'YYYY-MM-DD'));
  IF TG_TABLE_NAME = 'bills' THEN
    -- The visit was counted as seen and not billed (if it qualified); now it is billed. It is counted out as it was counted in.
    UPDATE queue_day_stats s SET unbilled_visits = s.unbilled_visits - 1, unbilled_paise = s.unbilled_paise - round(q.price::numeric * 100)::bigint
      FROM queue_appointments q
     WHERE q.appointment_id = b.appointment_id AND s.clinic_id = q.clinic_id AND s.day = q.day
       AND q.status IN ('checked_in', 'in_consultation', 'done') AND q.source <> 'walk_in' AND coalesce(q.price, 0) > 0
       AND NOT EXISTS (SELECT 1 FROM bills x WHERE x.appointment_id = q.appointment_id AND x.id <> NEW.id);
    INSERT INTO billing_visit_day_dues AS d (clinic_id, day, billed_paise, open_bills) VALUES (b.clinic_id, visit_day, NEW.total_paise, CASE WHEN NEW.total_paise > 0 THEN 1 ELSE 0 END)
    ON CONFLICT (clinic_id, day) DO UPDATE SET billed_paise = d.billed_paise + excluded.billed_paise, open_bills = d.open_bills + excluded.open_bills;
    RETURN NULL;
  END IF;
  -- A payment or concession never exceeds the due (the desk refuses it): the bill closes when this row brings its due to zero.
  due_after := b.total_paise
    - coalesce((SELECT sum(c.amount_paise) FROM bill_concessions c WHERE c.bill_id = the_bill), 0)
    - coalesce((SELECT sum(r.amount_paise) FROM receipts r WHERE r.bill_id = the_bill), 0);
  INSERT INTO billing_visit_day_dues AS d (clinic_id, day, concession_paise, paid_paise, open_bills)
  VALUES (b.clinic_id, visit_day,
          CASE WHEN TG_TABLE_NAME = 'bill_concessions' THEN NEW.amount_paise ELSE 0 END,
          CASE WHEN TG_TABLE_NAME = 'receipts' THEN NEW.amount_paise ELSE 0 END,
          CASE WHEN due_after <= 0 AND due_after + NEW.amount_paise > 0 THEN -1 ELSE 0 END)
  ON CONFLICT (clinic_id, day) DO UPDATE SET concession_paise = d.concession_paise + excluded.concession_paise, paid_paise = d.paid_paise + excluded.paid_paise, open_bills = d.open_bills + excluded.open_bills;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bills_visit_dues" AFTER INSERT ON "bills" FOR EACH ROW EXECUTE FUNCTION "billing_visit_dues_add"();
--> statement-breakpoint
CREATE TRIGGER "bill_concessions_visit_dues" AFTER INSERT ON "bill_concessions" FOR EACH ROW EXECUTE FUNCTION "billing_visit_dues_add"();
--> statement-breakpoint
CREATE TRIGGER "receipts_visit_dues" AFTER INSERT ON "receipts" FOR EACH ROW EXECUTE FUNCTION "billing_visit_dues_add"();
--> statement-breakpoint
INSERT INTO "queue_day_stats" (clinic_id, day, visits, no_shows, expected, wait_seconds, waited, unbilled_visits, unbilled_paise)
SELECT clinic_id, day,
       count(*) FILTER (WHERE status IN ('checked_in', 'in_consultation', 'done')),
       count(*) FILTER (WHERE status = 'no_show'),
       count(*) FILTER (WHERE status <> 'cancelled'),
       coalesce(sum(round(extract(epoch FROM called_at - arrived_at))::bigint) FILTER (WHERE status IN ('checked_in', 'in_consultation', 'done') AND called_at >= arrived_at), 0),
       count(*) FILTER (WHERE status IN ('checked_in', 'in_consultation', 'done') AND called_at >= arrived_at),
       count(*) FILTER (WHERE status IN ('checked_in', 'in_consultation', 'done') AND source <> 'walk_in' AND price > 0 AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.appointment_id = q.appointment_id)),
       coalesce(sum(round(price::numeric * 100)::bigint) FILTER (WHERE status IN ('checked_in', 'in_consultation', 'done') AND source <> 'walk_in' AND price > 0 AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.appointment_id = q.appointment_id)), 0)
  FROM queue_appointments q GROUP BY clinic_id, day;
--> statement-breakpoint
INSERT INTO "clinic_patient_first_visits" (clinic_id, patient_id, first_day)
SELECT clinic_id, patient_id, min(day) FROM queue_appointments WHERE status IN ('checked_in', 'in_consultation', 'done') GROUP BY clinic_id, patient_id;
--> statement-breakpoint
INSERT INTO "billing_day_totals" (clinic_id, day, dimension, key, receipts_paise, credit_notes_paise)
SELECT x.clinic_id, x.day, d.dimension, d.key, sum(x.receipts_paise), sum(x.credit_notes_paise) FROM (
  SELECT r.clinic_id, to_char(r.collected_at AT TIME ZONE clinic_zone(r.clinic_id), 'YYYY-MM-DD') AS day, p.method, r.doctor_id,
         b.fee_kind || '|' || CASE WHEN b.fee_kind = 'booked_service' THEN coalesce(b.lines -> 0 ->> 'label', '') ELSE '' END AS service, p.amount_paise AS receipts_paise, 0::bigint AS credit_notes_paise
    FROM receipts r JOIN receipt_payments p ON p.receipt_id = r.id JOIN bills b ON b.id = r.bill_id
  UNION ALL
  SELECT c.clinic_id, to_char(c.at AT TIME ZONE clinic_zone(c.clinic_id), 'YYYY-MM-DD'), c.method, r.doctor_id,
         b.fee_kind || '|' || CASE WHEN b.fee_kind = 'booked_service' THEN coalesce(b.lines -> 0 ->> 'label', '') ELSE '' END, 0, c.amount_paise
    FROM credit_notes c JOIN receipts r ON r.id = c.receipt_id JOIN bills b ON b.id = r.bill_id
) x CROSS JOIN LATERAL (VALUES ('total', ''), ('method', x.method), ('doctor', x.doctor_id), ('service', x.service)) AS d(dimension, key)
GROUP BY x.clinic_id, x.day, d.dimension, d.key;
--> statement-breakpoint
INSERT INTO "billing_visit_day_dues" (clinic_id, day, billed_paise, concession_paise, paid_paise, open_bills)
SELECT b.clinic_id, coalesce(q.day, to_char(b.created_at AT TIME ZONE clinic_zone(b.clinic_id), 'YYYY-MM-DD')) AS day,
       sum(b.total_paise), sum(coalesce(c.s, 0)), sum(coalesce(r.s, 0)), count(*) FILTER (WHERE b.total_paise - coalesce(c.s, 0) - coalesce(r.s, 0) > 0)
  FROM bills b
  LEFT JOIN queue_appointments q ON q.appointment_id = b.appointment_id
  LEFT JOIN (SELECT bill_id, sum(amount_paise) AS s FROM bill_concessions GROUP BY bill_id) c ON c.bill_id = b.id
  LEFT JOIN (SELECT bill_id, sum(amount_paise) AS s FROM receipts GROUP BY bill_id) r ON r.bill_id = b.id
 GROUP BY 1, 2;
