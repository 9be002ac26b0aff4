from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SHIPIT_", env_file=".env")

    database_url: str
    redis_url: str = "redis://localhost:6379/0"
    dhl_api_key: str = ""
    colissimo_api_key: str = ""
    carrier_timeout_s: float = 10.0


settings = Settings()  # type: ignore[call-arg]
