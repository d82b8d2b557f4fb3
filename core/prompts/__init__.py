"""Prompts: pure functions of a typed context, kept together so their wording is reviewed as one."""
