defmodule Moorings.Mailer do
  use Swoosh.Mailer, otp_app: :moorings
end
