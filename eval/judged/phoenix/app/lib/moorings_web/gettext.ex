defmodule MooringsWeb.Gettext do
  use Gettext.Backend, otp_app: :moorings
end
