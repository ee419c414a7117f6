"""Backends the steps run against: reference (drakit, in process) and cluster (live)."""
