-- Programmakeuze's subscription tiles guessed memberships from monthly payments (subscription_payments,
-- subscription_spells). They now show the wash club's own figures from the till system's membership events
-- (Abonnementen, REPORT-DEFINITIONS §5), so the guesses and their tables go.
DROP TABLE subscription_spells;
DROP TABLE subscription_payments;
