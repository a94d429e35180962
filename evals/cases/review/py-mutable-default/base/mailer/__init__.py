"""Transactional e-mails of the shop."""
from mailer.builder import build_message

__all__ = ["build_message"]
