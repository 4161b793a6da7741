-- Issue 19 §5: the interruption budget was recorded as kind "popups", action "policy" (the approval
-- setting's action). Its records become what they are: the setting "interruptionBudget", action "budget".
UPDATE "audit_log" SET "entity" = 'interruptionBudget', "action" = 'budget' WHERE "entity" = 'popups' AND "entity_id" = 'interruptionBudget' AND "action" = 'policy';
