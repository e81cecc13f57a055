"""A small Lambda runtime that can stream: awslambdaric has no Python API for response
streaming, so when the Function URL's InvokeMode is RESPONSE_STREAM the image runs this
loop instead (`python -m handler.runtime`). Buffered mode keeps running on awslambdaric.

Every protocol detail it relies on, with its source, is in protocol.py.
"""
