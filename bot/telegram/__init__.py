"""The Telegram adapter: python-telegram-bot v22 over the one dialogue engine."""
