-- Member washes per local day, site of the wash, site of the membership and whether a voucher paid all,
-- kept beside membership_washes (warehouse/derived/memberships/member-washes.ts): Abonnementen › Overzicht,
-- Programmakeuze and the Monday e-mail sum these instead of every member wash of the period (~30 ms for a
-- year and its comparison at 10× the demo chain).
CREATE TABLE membership_washes_daily (
  day DATE NOT NULL,
  site_id INTEGER NOT NULL,
  member_site_id INTEGER,
  free BOOLEAN NOT NULL,
  washes BIGINT NOT NULL
);
