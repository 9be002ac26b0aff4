"""A talent's body under its block's heading (``render_block``)."""

from grace.resolution.domain.compiler import demote_headings


def test_an_imported_rule_opening_on_its_own_title_sits_under_its_block():
    body = "# Ruby on Rails\n\n## General Guidelines\n\n- Keep controllers thin."
    assert demote_headings(body) == (
        "### Ruby on Rails\n\n#### General Guidelines\n\n- Keep controllers thin.")


def test_a_curated_body_of_sections_goes_one_level_down_and_code_is_left_alone():
    body = "## Principe\n\n```python\n# invoicing/domain/ports.py\n```\n\n### Détail"
    assert demote_headings(body) == (
        "### Principe\n\n```python\n# invoicing/domain/ports.py\n```\n\n#### Détail")


def test_headings_never_go_past_level_six():
    assert demote_headings("# A\n###### F") == "### A\n###### F"
