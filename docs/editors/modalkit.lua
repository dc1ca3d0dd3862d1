-- modalkit lsp in Neovim 0.7 or later, with no plugin: add this to init.lua.
-- Every JSON buffer is attached to one `modalkit lsp` process.
local modalkit_client = nil
vim.api.nvim_create_autocmd("FileType", {
  pattern = "json",
  callback = function(args)
    if modalkit_client == nil then
      modalkit_client = vim.lsp.start_client({
        name = "modalkit",
        cmd = { "modalkit", "lsp" },
        root_dir = vim.fn.getcwd(),
      })
    end
    if modalkit_client ~= nil then
      vim.lsp.buf_attach_client(args.buf, modalkit_client)
    end
  end,
})
