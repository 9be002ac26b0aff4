from lxml import etree


def validate(xml: bytes, xsd_path: str) -> list[str]:
    schema = etree.XMLSchema(etree.parse(xsd_path))
    doc = etree.fromstring(xml)
    return [] if schema.validate(doc) else [str(e) for e in schema.error_log]
