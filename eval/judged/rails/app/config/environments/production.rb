require "active_support/core_ext/integer/time"

Rails.application.configure do
  config.enable_reloading = false
  config.eager_load = true
  config.force_ssl = true
  config.log_level = ENV.fetch("RAILS_LOG_LEVEL", "info")
  config.active_job.queue_adapter = :sidekiq
  config.action_mailer.default_url_options = { host: ENV.fetch("APP_HOST", "bazaar.example") }
end
