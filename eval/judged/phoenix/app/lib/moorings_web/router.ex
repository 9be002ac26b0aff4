defmodule MooringsWeb.Router do
  use MooringsWeb, :router
  import MooringsWeb.UserAuth

  pipeline :browser do
    plug :accepts, ["html"]
    plug :fetch_session
    plug :fetch_live_flash
    plug :put_root_layout, html: {MooringsWeb.Layouts, :root}
    plug :protect_from_forgery
    plug :put_secure_browser_headers
    plug :fetch_current_user
  end

  pipeline :api do
    plug :accepts, ["json"]
  end

  scope "/", MooringsWeb do
    pipe_through :browser
    get "/", PageController, :home
  end

  scope "/", MooringsWeb do
    pipe_through [:browser, :require_authenticated_user]

    live_session :members, on_mount: [{MooringsWeb.UserAuth, :ensure_authenticated}] do
      live "/berths", BerthLive.Index, :index
      live "/berths/new", BerthLive.Index, :new
      live "/berths/:id/edit", BerthLive.Index, :edit
      live "/berths/:id", BerthLive.Show, :show
      live "/reservations", ReservationLive.Index, :index
    end
  end

  scope "/api", MooringsWeb.Api do
    pipe_through :api
    get "/berths", BerthController, :index
    get "/berths/:id", BerthController, :show
  end

  if Application.compile_env(:moorings, :dev_routes) do
    import Phoenix.LiveDashboard.Router

    scope "/dev" do
      pipe_through :browser
      live_dashboard "/dashboard", metrics: MooringsWeb.Telemetry
      forward "/mailbox", Plug.Swoosh.MailboxPreview
    end
  end
end
