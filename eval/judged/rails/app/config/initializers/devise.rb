Devise.setup do |config|
  config.mailer_sender = "no-reply@bazaar.example"
  require "devise/orm/active_record"
  config.case_insensitive_keys = [:email]
  config.strip_whitespace_keys = [:email]
  config.skip_session_storage = [:http_auth]
  config.stretches = Rails.env.test? ? 1 : 12
  config.reconfirmable = true
  config.password_length = 8..128
  config.sign_out_via = :delete
  config.navigational_formats = ["*/*", :html, :turbo_stream]
end
