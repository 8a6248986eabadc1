"""The Telegram bot: nothing lost, nobody blocked.

How an update travels (each arrow is a separate step; each box survives a kill):

    getUpdates / webhook POST
        -> [inbox]    stored with its id, in one transaction, before Telegram is told
                      (polling asks for the next offset only afterwards; the webhook
                      answers 200 only afterwards); a repeat is recognised by its id
        -> worker per (chat, user), in update order (dispatch.py)
               lookups that need Telegram first (is he an admin? still a member?)
               then one transaction on the database thread (handling.py, presses.py):
               load conversation -> dialogue -> save conversation, log ruling,
               queue replies in the [outbox], mark the update done
        -> sender per lane (sender.py): one lane per chat, one per user for answers
           to presses and inline queries; a group's flood window holds up only that
           group; a reply leaves the outbox once Telegram has it (retried, after a
           restart too)

Modules: incoming (reading updates), callbacks (button data), replies (Bot API
calls as data), store + schema (SQLite, versions, migrations), dbthread,
dispatch, handling, presses, lookups, sender, ratelimit, polling, webhook,
runner (start and stop), lock (one bot per database), app (configuration,
secrets, logging), operations (health, backup, restore), texts (telegram.j2).
"""
