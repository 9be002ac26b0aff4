defmodule MooringsWeb.Layouts do
  use MooringsWeb, :html
  embed_templates "layouts/*"
end
