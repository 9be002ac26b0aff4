from fastapi import Header, HTTPException, status

from shipit.core.config import settings


async def require_api_key(x_api_key: str = Header()) -> str:
    if not x_api_key:
        raise HTTPException(status_code=status.HTTP_401_UNAUTHORIZED, detail="missing api key")
    return x_api_key
